import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MessagesSquare, Trash2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { formatDate } from "@/lib/i18n";
import { atUsername, ContactPortrait, contactName, ltrOr } from "@/features/chat/components/contact-summary";
import { PlatformIcon } from "@/features/chat/components/platform-icon";
import type { ContactProfile } from "../api";
import { SubscriptionSwitch } from "./subscription-switch";

/** The profile's left card: portrait, name, «open in chat» and «delete», the broadcast subscription, then the contact's facts as a list. */
export function ContactInfoCard({ accountId, contact: c, onDelete, deleting }: { accountId: string; contact: ContactProfile; onDelete?: () => void; deleting: boolean }) {
  const { t } = useTranslation(["contacts", "chat"]);
  const main = c.threads[0];
  return (
    <Card className="gap-0 py-0">
      <CardContent className="flex flex-col items-center gap-3 px-6 pt-8 pb-6 text-center">
        <ContactPortrait contact={c} className="size-24" fallbackClassName="text-3xl" badgeClassName="end-1 bottom-1 size-4" />
        <div>
          <h1 dir="auto" className="text-xl font-semibold text-heading" data-testid="contact-name">
            {contactName(c)}
          </h1>
          <p className="text-[0.875rem] text-muted-foreground">{ltrOr(atUsername(c.platformUsername), t(`chat:platform.${c.platform}`))}</p>
        </div>
        {c.isTestContact && <Badge variant="info">{t("profile.testContact")}</Badge>}
        <div className="flex w-full flex-col gap-2 pt-2 sm:flex-row lg:flex-col">
          <Button asChild className="sm:flex-1 lg:flex-none">
            <Link to={`/${accountId}/apps/chat?c=${c.contactId}${main ? `&t=${main.threadId}` : ""}`} data-testid="open-in-chat">
              <MessagesSquare aria-hidden />
              {t("profile.openChat")}
            </Link>
          </Button>
          {onDelete && (
            <Button variant="secondary" className="text-destructive sm:flex-1 lg:flex-none" loading={deleting} onClick={onDelete}>
              <Trash2 aria-hidden />
              {t("profile.delete")}
            </Button>
          )}
        </div>
      </CardContent>
      <div className="border-t border-border px-6 py-4">
        <SubscriptionSwitch accountId={accountId} contact={c} />
      </div>
      <ContactFacts contact={c} />
    </Card>
  );
}

/** Platform, username, ids, phone, status, first and last visit; «about» under them when there is one. */
function ContactFacts({ contact: c }: { contact: ContactProfile }) {
  const { t } = useTranslation(["contacts", "chat"]);
  const rows: [string, React.ReactNode][] = [
    [t("profile.platform"), (
      <span className="inline-flex items-center gap-2">
        <PlatformIcon platform={c.platform} className="size-5" />
        {t(`chat:platform.${c.platform}`)}
      </span>
    )],
    // usernames, ids and phone numbers read left to right in any page
    [t("profile.username"), ltrOr(atUsername(c.platformUsername), t("profile.notSet"))],
    [t("profile.platformUserId"), <span dir="ltr" className="font-mono text-[0.8125rem] break-all">{c.platformUserId}</span>],
    [t("profile.phone"), ltrOr(c.phone, t("profile.notSet"))],
    [t("profile.status"), t(`chat:contactStatus.${c.status ?? "none"}`)],
    [t("profile.firstSeen"), formatDate(c.firstSeenAt, { withTime: true })],
    [t("profile.lastSeen"), formatDate(c.lastSeenAt, { withTime: true })],
  ];
  return (
    <div className="border-t border-border px-6 py-5">
      <h2 className="mb-3 text-xs font-medium tracking-wide text-muted-foreground uppercase">{t("profile.info")}</h2>
      <dl className="space-y-3 text-[0.875rem]">
        {rows.map(([k, v]) => (
          <div key={k} className="flex justify-between gap-4">
            <dt className="shrink-0 text-muted-foreground">{k}</dt>
            <dd className="min-w-0 text-end text-foreground">{v}</dd>
          </div>
        ))}
      </dl>
      {c.about && (
        <div className="mt-4">
          <h3 className="mb-1 text-xs text-muted-foreground">{t("profile.about")}</h3>
          <p dir="auto" className="align-page-start text-[0.875rem] whitespace-pre-wrap">{c.about}</p>
        </div>
      )}
    </div>
  );
}
