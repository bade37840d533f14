import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Bot, BotOff, MessagesSquare } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeading } from "@/components/ui/card";
import { formatRelative } from "@/lib/i18n";
import { ThreadStatusBadge } from "@/features/chat/components/contact-summary";
import { PlatformIcon } from "@/features/chat/components/platform-icon";
import { ThreadPreviewText } from "@/features/chat/components/thread-preview";
import type { ContactProfile, ContactThread } from "../api";

/** The contact's conversations, one per channel, each with its state and a link into the chat. */
export function ContactThreadsCard({ accountId, contact: c }: { accountId: string; contact: ContactProfile }) {
  const { t } = useTranslation("contacts");
  return (
    <Card>
      <CardHeading title={t("profile.threads")} />
      <CardContent>
        {c.threads.length === 0 ? (
          <p className="text-muted-foreground">{t("profile.noThreads")}</p>
        ) : (
          <ul className="divide-y divide-border" data-testid="contact-threads">
            {c.threads.map((th) => (
              <ThreadRow key={th.threadId} accountId={accountId} contactId={c.contactId} thread={th} platform={c.platform} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ThreadRow({ accountId, contactId, thread: th, platform }: { accountId: string; contactId: string; thread: ContactThread; platform: string }) {
  const { t } = useTranslation(["contacts", "chat"]);
  const channelPlatform = (th.channel?.platform ?? platform) as Parameters<typeof PlatformIcon>[0]["platform"];
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-4 first:pt-0 last:pb-0" data-testid="contact-thread">
      <PlatformIcon platform={channelPlatform} className="size-9" />
      {/* At least 12rem for the name, badges and preview: on a phone the button moves to a line of its own instead of squeezing them (QA at 390 px). */}
      <div className="min-w-0 flex-1 basis-48" data-testid="contact-thread-body">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-heading">{th.channel ? th.channel.name ? <bdi>{th.channel.name}</bdi> : t(`chat:platform.${channelPlatform}`) : !th.channelId ? t("profile.testChannel") : t("profile.channelRemoved")}</span>
          <ThreadStatusBadge status={th.status} />
          <Badge variant={th.isGptActive ? "default" : "secondary"}>
            {th.isGptActive ? <Bot aria-hidden /> : <BotOff aria-hidden />}
            {th.isGptActive ? t("profile.aiOn") : t("profile.aiOff")}
          </Badge>
          {th.unreadCount > 0 && <Badge variant="solid">{t("profile.unread", { count: th.unreadCount })}</Badge>}
        </div>
        <p dir="auto" className="mt-1 truncate align-page-start text-[0.875rem] text-muted-foreground">{th.lastMessage ? <ThreadPreviewText text={th.lastMessage} /> : t("profile.noMessages")}</p>
        <p className="text-xs text-muted-foreground">{t("profile.updated", { date: formatRelative(th.updatedAt) })}</p>
      </div>
      <Button asChild variant="outline" size="sm">
        <Link to={`/${accountId}/apps/chat?c=${contactId}&t=${th.threadId}`} data-testid="thread-open-chat">
          <MessagesSquare aria-hidden />
          {t("profile.openChat")}
        </Link>
      </Button>
    </li>
  );
}
