import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ContactTagsEditor } from "@/features/custom-fields/components/contact-tags-editor";
import type { ContactProfile } from "../api";

/** The contact's tags, edited in place (whoever may update the contact adds and removes them). */
export function ContactTagsCard({ accountId, contact }: { accountId: string; contact: ContactProfile }) {
  const { t } = useTranslation("contacts");
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>{t("profile.tags")}</CardTitle>
      </CardHeader>
      <CardContent>
        <ContactTagsEditor accountId={accountId} contact={contact} />
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
