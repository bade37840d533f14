import { useQuery } from "@tanstack/react-query";
import { ExternalLink, X } from "lucide-react";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/i18n";
import { billingQueries } from "@/features/billing-account/api";
import { contactQueries } from "@/features/contacts/api";
import { SubscriptionSwitch } from "@/features/contacts/components/subscription-switch";
import { ContactFieldsCard } from "@/features/custom-fields/components/contact-fields-card";
import { ContactTagsEditor } from "@/features/custom-fields/components/contact-tags-editor";
import type { ContactDto } from "../api";
import { atUsername, ContactPortrait, ThreadStatusBadge, contactName, ltrOr } from "./contact-summary";
import { PlatformIcon } from "./platform-icon";

/** The contact details side panel (320 px at ≥ 1280 px, a sheet below). */
export function ContactDetails({ accountId, contact, onClose }: { accountId: string; contact: ContactDto; onClose?: () => void }) {
  const { t } = useTranslation("chat");
  const th = contact.thread;
  // The plan's AI replies and the balance ran out: the thread's AI is on but does not answer (the app's banner says why).
  const aiStopped = useQuery(billingQueries.banner(accountId)).data?.state === "ai_stopped";
  // A hand-off (by the assistant or a flow) leaves the thread "pending": the customer waits for an
  // operator until one answers, whatever the AI switch says.
  const aiState = !th
    ? null
    : th.status === "pending"
      ? t("details.waitingOperator")
      : !th.isGptActive
        ? t("details.aiOffOperator")
        : aiStopped
          ? t("details.aiStoppedBilling")
          : th.gptStatus === "WAITING_RESPONSE"
            ? t("details.waiting")
            : t("details.completed");
  const rows: [string, React.ReactNode][] = [
    [t("details.platform"), (
      <span className="inline-flex items-center gap-1.5">
        <PlatformIcon platform={contact.platform} /> {t(`platform.${contact.platform}`)}
      </span>
    )],
    // usernames, phone numbers and ids read left to right in any page ("@anna_smirnova", "+7 495 120-45-67")
    [t("details.username"), ltrOr(atUsername(contact.platformUsername), t("details.notSet"))],
    [t("details.phone"), ltrOr(contact.phone, t("details.notSet"))],
    [t("details.platformUserId"), <span dir="ltr" className="font-mono text-[0.8125rem] break-all">{contact.platformUserId}</span>],
    [t("details.firstSeen"), formatDate(contact.firstSeenAt, { withTime: true })],
    [t("details.lastSeen"), formatDate(contact.lastSeenAt, { withTime: true })],
  ];
  return (
    <aside className="flex h-full min-h-0 flex-col bg-card" data-testid="contact-details" aria-label={t("details.title")}>
      <div className="flex h-16 shrink-0 items-center justify-between border-b border-border px-4">
        <h3 className="font-semibold text-heading">{t("details.title")}</h3>
        {onClose && (
          <Button variant="ghost" size="icon" onClick={onClose} aria-label={t("details.close")}>
            <X aria-hidden />
          </Button>
        )}
      </div>
      <div className="min-h-0 flex-1 space-y-5 overflow-y-auto p-5">
        <div className="flex flex-col items-center gap-2 text-center">
          <ContactPortrait contact={contact} className="size-20" fallbackClassName="text-2xl" badgeClassName="size-4" />
          <div>
            <p dir="auto" className="text-lg font-semibold text-heading">{contactName(contact)}</p>
            <p className="text-[0.8125rem] text-muted-foreground">{t(`contactStatus.${contact.status ?? "none"}`)}</p>
          </div>
          {th && (
            <div className="flex flex-wrap justify-center gap-1.5">
              <ThreadStatusBadge status={th.status} />
              {th.isGptActive && aiStopped ? (
                <Badge variant="destructive" data-testid="details-ai-not-replying">{t("details.aiNotReplying")}</Badge>
              ) : (
                <Badge variant={th.isGptActive ? "default" : "secondary"}>{th.isGptActive ? t("header.aiOn") : t("header.aiOff")}</Badge>
              )}
            </div>
          )}
        </div>
        {contact.about && (
          <section>
            <h4 className="mb-1 text-xs font-medium tracking-wide text-muted-foreground uppercase">{t("details.about")}</h4>
            <p dir="auto" className="align-page-start text-[0.875rem] whitespace-pre-wrap">{contact.about}</p>
          </section>
        )}
        <dl className="space-y-3 text-[0.875rem]">
          {rows.map(([k, v]) => (
            <div key={k}>
              <dt className="text-xs text-muted-foreground">{k}</dt>
              <dd className="mt-0.5 text-foreground">{v}</dd>
            </div>
          ))}
          {th && (
            <div>
              <dt className="text-xs text-muted-foreground">{t("details.aiStatus")}</dt>
              <dd className="mt-0.5" data-testid="details-ai-status">
                {aiState}
              </dd>
            </div>
          )}
        </dl>
        {/* Its texts (customFields) may still be loading: only this part waits, not the whole page
            (the page's boundary would hide the chat for a moment and drop the keyboard focus). */}
        <Suspense fallback={<Skeleton className="h-24 w-full" />}>
          <ContactAudience accountId={accountId} contactId={contact.contactId} />
        </Suspense>
        <Button asChild variant="outline" size="sm" className="w-full">
          <Link to={`/${accountId}/contacts/${contact.contactId}`}>
            <ExternalLink aria-hidden />
            {t("header.openProfile")}
          </Link>
        </Button>
      </div>
    </aside>
  );
}

const SECTION_TITLE = "mb-2 text-xs font-medium tracking-wide text-muted-foreground uppercase";

/** The broadcast subscription, tags and custom field values, from the contact's own answer (the chat list does not carry them). */
function ContactAudience({ accountId, contactId }: { accountId: string; contactId: string }) {
  const { t } = useTranslation("chat");
  const q = useQuery(contactQueries.detail(accountId, contactId));
  if (!q.data) return q.isPending ? <Skeleton className="h-24 w-full" /> : null;
  return (
    <>
      <SubscriptionSwitch accountId={accountId} contact={q.data} className="rounded-lg border border-border px-3 py-2.5" />
      <section>
        <h4 className={SECTION_TITLE}>{t("details.tags")}</h4>
        <ContactTagsEditor accountId={accountId} contact={q.data} />
      </section>
      <ContactFieldsCard accountId={accountId} contact={q.data} compact />
    </>
  );
}
