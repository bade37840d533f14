import { useMutation, useQuery } from "@tanstack/react-query";
import { ArrowLeft, Bot, BotOff, MessagesSquare, Trash2, UserX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { Avatar, AvatarFallback, AvatarImage, AvatarStatusBadge, initials } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useAbility } from "@/lib/ability";
import { isApiError } from "@/lib/api";
import { confirm } from "@/lib/confirm";
import { formatDate, formatRelative } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { queryClient } from "@/lib/query";
import { removeContact } from "@/features/chat/cache";
import { PlatformIcon } from "@/features/chat/components/platform-icon";
import { mediaSrc } from "@/features/chat/utils";
import { contactApi, contactQueries, type ContactThread } from "@/features/contacts/api";

export const handle = { titleKey: "contacts:profile.pageTitle" };

/** /:accountId/contacts/:contactId — profile, custom field values, threads per channel, links into the chat. */
export default function ContactPage() {
  const { t } = useTranslation(["contacts", "chat"]);
  const { accountId = "", contactId = "" } = useParams();
  const navigate = useNavigate();
  const ability = useAbility();
  const q = useQuery(contactQueries.detail(accountId, contactId));

  const remove = useMutation({
    mutationFn: () => contactApi.remove(accountId, contactId),
    onSuccess: () => {
      removeContact(queryClient, accountId, contactId);
      queryClient.removeQueries({ queryKey: contactQueries.detail(accountId, contactId).queryKey });
      notify({ type: "success", message: t("list.deleted") });
      navigate(`/${accountId}/contacts`, { replace: true });
    },
  });

  const back = (
    <Button asChild variant="ghost" size="sm" className="-ms-2 mb-3">
      <Link to={`/${accountId}/contacts`}>
        <ArrowLeft className="rtl:rotate-180" aria-hidden />
        {t("profile.back")}
      </Link>
    </Button>
  );

  if (q.isPending) {
    return (
      <div aria-busy="true">
        {back}
        <div className="grid gap-6 lg:grid-cols-[340px_1fr]">
          <Skeleton className="h-96" />
          <Skeleton className="h-72" />
        </div>
      </div>
    );
  }
  if (q.isError) {
    const missing = isApiError(q.error) && q.error.status === 404;
    return (
      <div>
        {back}
        <Card>
          <EmptyState
            icon={UserX}
            title={missing ? t("profile.notFound") : t("profile.loadError")}
            description={missing ? t("profile.notFoundHint") : undefined}
            action={
              missing ? (
                <Button asChild variant="outline" size="sm">
                  <Link to={`/${accountId}/contacts`}>{t("profile.toList")}</Link>
                </Button>
              ) : (
                <Button variant="outline" size="sm" onClick={() => q.refetch()} loading={q.isFetching}>
                  {t("profile.retry")}
                </Button>
              )
            }
          />
        </Card>
      </div>
    );
  }

  const c = q.data;
  const src = mediaSrc(c.avatar);
  const main = c.threads[0];
  const custom = Object.entries(c.customFields ?? {});
  const facts = (c.facts ?? []).map((f) => (typeof f === "string" ? f : f && typeof f === "object" && "text" in f ? String((f as { text: unknown }).text) : JSON.stringify(f)));
  const rows: [string, React.ReactNode][] = [
    [t("profile.platform"), (
      <span className="inline-flex items-center gap-2">
        <PlatformIcon platform={c.platform} className="size-5" />
        {t(`chat:platform.${c.platform}`)}
      </span>
    )],
    [t("profile.username"), c.platformUsername ? `@${c.platformUsername.replace(/^@/, "")}` : t("profile.notSet")],
    [t("profile.platformUserId"), <span className="font-mono text-[0.8125rem] break-all">{c.platformUserId}</span>],
    [t("profile.phone"), c.phone || t("profile.notSet")],
    [t("profile.status"), t(`chat:contactStatus.${c.status ?? "none"}`)],
    [t("profile.firstSeen"), formatDate(c.firstSeenAt, { withTime: true })],
    [t("profile.lastSeen"), formatDate(c.lastSeenAt, { withTime: true })],
  ];

  return (
    <div data-testid="contact-page">
      {back}
      <div className="grid items-start gap-6 lg:grid-cols-[340px_1fr]">
        <Card className="gap-0 py-0">
          <CardContent className="flex flex-col items-center gap-3 px-6 pt-8 pb-6 text-center">
            <div className="relative">
              <Avatar className="size-24">
                {src && <AvatarImage src={src} alt="" />}
                <AvatarFallback className="text-3xl">{initials(c.name)}</AvatarFallback>
              </Avatar>
              <AvatarStatusBadge status={c.status} className="end-1 bottom-1 size-4 ring-3" label={t(`chat:contactStatus.${c.status ?? "none"}`)} />
            </div>
            <div>
              <h1 className="text-xl font-semibold text-heading" data-testid="contact-name">
                {c.name}
              </h1>
              <p className="text-[0.875rem] text-muted-foreground">{c.platformUsername ? `@${c.platformUsername.replace(/^@/, "")}` : t(`chat:platform.${c.platform}`)}</p>
            </div>
            {c.isTestContact && <Badge variant="info">{t("profile.testContact")}</Badge>}
            <div className="flex w-full flex-col gap-2 pt-2 sm:flex-row lg:flex-col">
              <Button asChild className="sm:flex-1 lg:flex-none">
                <Link to={`/${accountId}/apps/chat?c=${c.contactId}${main ? `&t=${main.threadId}` : ""}`} data-testid="open-in-chat">
                  <MessagesSquare aria-hidden />
                  {t("profile.openChat")}
                </Link>
              </Button>
              {ability.can("delete", "Contact") && (
                <Button
                  variant="secondary"
                  className="text-destructive sm:flex-1 lg:flex-none"
                  loading={remove.isPending}
                  onClick={async () => {
                    if (await confirm({ title: t("list.deleteTitle"), message: t("list.deleteMessage", { name: c.name }), confirmText: t("list.deleteConfirm") })) remove.mutate();
                  }}
                >
                  <Trash2 aria-hidden />
                  {t("profile.delete")}
                </Button>
              )}
            </div>
          </CardContent>
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
                <p className="text-[0.875rem] whitespace-pre-wrap">{c.about}</p>
              </div>
            )}
          </div>
        </Card>

        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>{t("profile.threads")}</CardTitle>
            </CardHeader>
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

          {facts.length > 0 && (
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
          )}
        </div>
      </div>
    </div>
  );
}

function ThreadRow({ accountId, contactId, thread: th, platform }: { accountId: string; contactId: string; thread: ContactThread; platform: string }) {
  const { t } = useTranslation(["contacts", "chat"]);
  const channelPlatform = (th.channel?.platform ?? platform) as Parameters<typeof PlatformIcon>[0]["platform"];
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-4 first:pt-0 last:pb-0" data-testid="contact-thread">
      <PlatformIcon platform={channelPlatform} className="size-9" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-heading">{th.channel ? th.channel.name || t(`chat:platform.${channelPlatform}`) : !th.channelId ? t("profile.testChannel") : t("profile.channelRemoved")}</span>
          <Badge variant={th.status === "active" ? "success" : th.status === "pending" ? "warning" : th.status === "closed" ? "destructive" : "secondary"}>{t(`chat:status.${th.status}`)}</Badge>
          <Badge variant={th.isGptActive ? "default" : "secondary"}>
            {th.isGptActive ? <Bot aria-hidden /> : <BotOff aria-hidden />}
            {th.isGptActive ? t("profile.aiOn") : t("profile.aiOff")}
          </Badge>
          {th.unreadCount > 0 && <Badge variant="solid">{t("profile.unread", { count: th.unreadCount })}</Badge>}
        </div>
        <p className="mt-1 truncate text-[0.875rem] text-muted-foreground">{th.lastMessage || t("profile.noMessages")}</p>
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
