import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { ContactProfile } from "../api";

/** The contact's custom field values, name over value, «—» for an empty one. */
export function ContactCustomFieldsCard({ contact }: { contact: ContactProfile }) {
  const { t } = useTranslation("contacts");
  const custom = Object.entries(contact.customFields ?? {});
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("profile.customFields")}</CardTitle>
      </CardHeader>
      <CardContent>
        {custom.length === 0 ? (
          <p className="text-muted-foreground">{t("profile.noCustomFields")}</p>
        ) : (
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2" data-testid="contact-custom-fields">
            {custom.map(([k, v]) => (
              <div key={k} className="rounded-md bg-muted/60 px-3 py-2 dark:bg-white/4">
                <dt className="text-xs text-muted-foreground">{k}</dt>
                <dd className="mt-0.5 break-words">{v === null || v === undefined || v === "" ? "—" : typeof v === "object" ? JSON.stringify(v) : String(v)}</dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

/** What the assistant learned about the contact (shown only when there is something). */
export function ContactFactsCard({ contact }: { contact: ContactProfile }) {
  const { t } = useTranslation("contacts");
  const facts = (contact.facts ?? []).map((f) => (typeof f === "string" ? f : f && typeof f === "object" && "text" in f ? String((f as { text: unknown }).text) : JSON.stringify(f)));
  if (facts.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("profile.facts")}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="list-disc space-y-1 ps-5 text-[0.9375rem]">
          {facts.map((f, i) => (
            <li key={i}>{f}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
