import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronDown, ChevronLeft, ChevronRight, Inbox, RefreshCw, RotateCcw } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDate, formatRelative } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { cn } from "@/lib/utils";
import { LoadError } from "@/components/load-error";
import { webhookApi, webhookQueries, type WebhookDelivery, type WebhookDeliveryStatus, type WebhookEndpoint } from "../webhooks-api";

export function DeliveryStatusBadge({ status, attempted }: { status: WebhookDeliveryStatus; attempted: boolean }) {
  const { t } = useTranslation("settings");
  const variant = status === "succeeded" ? "success" : status === "failed" ? "destructive" : status === "sending" ? "info" : attempted ? "warning" : "info";
  const key = status === "pending" && attempted ? "retrying" : status;
  return (
    <Badge variant={variant} data-testid="delivery-status" data-status={status}>
      {t(`webhooks.deliveries.status.${key}`)}
    </Badge>
  );
}

/** The delivery log of one endpoint: newest first, paged, each delivery with its attempts and a redeliver button. */
export function DeliveriesSheet({ accountId, endpoint, canEdit, onClose }: { accountId: string; endpoint: WebhookEndpoint; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation("settings");
  const [page, setPage] = useState(1);
  const q = useQuery(webhookQueries.deliveries(accountId, endpoint.id, page));

  return (
    <Sheet open onOpenChange={(o) => !o && onClose()}>
      <SheetContent className="w-full max-w-none gap-0 sm:max-w-2xl" data-testid="webhook-deliveries">
        <SheetHeader className="pe-12 pb-4">
          <SheetTitle>{t("webhooks.deliveries.title")}</SheetTitle>
          <SheetDescription className="truncate font-mono text-xs" title={endpoint.url}>
            {endpoint.url}
          </SheetDescription>
        </SheetHeader>
        <div className="flex items-center justify-between gap-2 border-b px-6 pb-3">
          <p className="text-sm text-muted-foreground">{q.data ? t("webhooks.deliveries.total", { count: q.data.meta.total }) : "\u00a0"}</p>
          <Button variant="ghost" size="sm" onClick={() => q.refetch()} loading={q.isFetching && !q.isPending} data-testid="deliveries-refresh">
            <RefreshCw aria-hidden />
            {t("webhooks.deliveries.refresh")}
          </Button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-6 py-4">
          {q.isPending ? (
            <div className="space-y-3">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="h-16" />
              ))}
            </div>
          ) : q.isError ? (
            <LoadError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />
          ) : q.data.data.length === 0 ? (
            <EmptyState icon={Inbox} title={t("webhooks.deliveries.empty.title")} description={t("webhooks.deliveries.empty.description")} />
          ) : (
            <ul className="space-y-3">
              {q.data.data.map((d) => (
                <DeliveryItem key={d.id} accountId={accountId} delivery={d} canEdit={canEdit && endpoint.enabled} />
              ))}
            </ul>
          )}
        </div>
        {q.data && q.data.meta.lastPage > 1 && (
          <div className="flex items-center justify-between gap-2 border-t px-6 py-3">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              <ChevronLeft aria-hidden className="rtl:rotate-180" />
              {t("webhooks.deliveries.prev")}
            </Button>
            <span className="text-sm text-muted-foreground">{t("webhooks.deliveries.page", { page, pages: q.data.meta.lastPage })}</span>
            <Button variant="outline" size="sm" disabled={page >= q.data.meta.lastPage} onClick={() => setPage((p) => p + 1)}>
              {t("webhooks.deliveries.next")}
              <ChevronRight aria-hidden className="rtl:rotate-180" />
            </Button>
          </div>
        )}
      </SheetContent>
    </Sheet>
  );
}

function DeliveryItem({ accountId, delivery: d, canEdit }: { accountId: string; delivery: WebhookDelivery; canEdit: boolean }) {
  const { t } = useTranslation("settings");
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const redeliver = async () => {
    setBusy(true);
    try {
      await webhookApi.redeliver(accountId, d.id);
      notify({ type: "success", message: t("webhooks.deliveries.redelivered") });
      await queryClient.invalidateQueries({ queryKey: ["accounts", accountId, "webhooks"] });
    } catch {
      // the API client has shown the reason
    } finally {
      setBusy(false);
    }
  };
  const last = d.attempts.at(-1);
  return (
    <li className="rounded-md border" data-testid="webhook-delivery" data-event-type={d.eventType}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3">
        <button type="button" onClick={() => setOpen((o) => !o)} aria-expanded={open} className="flex min-w-0 flex-1 items-center gap-3 text-start" data-testid="delivery-toggle">
          <ChevronDown className={cn("size-4 shrink-0 text-muted-foreground transition-transform", open && "rotate-180")} aria-hidden />
          <span className="min-w-0 space-y-1">
            <span className="flex flex-wrap items-center gap-2">
              <DeliveryStatusBadge status={d.status} attempted={d.attemptCount > 0} />
              <code className="truncate text-sm font-medium text-heading">{d.eventType}</code>
            </span>
            <span className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
              <span title={formatDate(d.createdAt, { withTime: true })}>{formatRelative(d.createdAt)}</span>
              {d.lastStatusCode !== null && <span className="font-mono" data-testid="delivery-code">HTTP {d.lastStatusCode}</span>}
              <span data-testid="delivery-attempts">{t("webhooks.deliveries.attempts", { count: d.attemptCount })}</span>
              {last && <span>{t("webhooks.deliveries.duration", { ms: last.durationMs })}</span>}
              {d.status === "pending" && d.nextAttemptAt && d.attemptCount > 0 && <span>{t("webhooks.deliveries.nextAt", { time: formatDate(d.nextAttemptAt, { withTime: true }) })}</span>}
            </span>
          </span>
        </button>
        {canEdit && d.status !== "sending" && (
          <Button variant="outline" size="sm" onClick={redeliver} loading={busy} data-testid="delivery-redeliver">
            <RotateCcw aria-hidden />
            {t("webhooks.deliveries.redeliver")}
          </Button>
        )}
      </div>
      {open && (
        <div className="space-y-4 border-t bg-muted/20 p-3 text-sm" data-testid="delivery-details">
          <p className="text-xs text-muted-foreground">
            webhook-id: <code className="select-all">{d.eventId}</code>
          </p>
          {d.attempts.length === 0 ? (
            <p className="text-muted-foreground">{t("webhooks.deliveries.noAttempts")}</p>
          ) : (
            <ol className="space-y-2">
              {d.attempts.map((a) => (
                <li key={a.id} className="rounded-md border bg-card p-3" data-testid="delivery-attempt">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="font-medium text-heading">{t("webhooks.deliveries.attemptNo", { n: a.attempt })}</span>
                    <Badge variant={a.ok ? "success" : "destructive"}>{a.statusCode !== null ? `HTTP ${a.statusCode}` : t("webhooks.deliveries.noAnswer")}</Badge>
                    <span className="text-xs text-muted-foreground">{formatDate(a.createdAt, { withTime: true })}</span>
                    <span className="text-xs text-muted-foreground">{t("webhooks.deliveries.duration", { ms: a.durationMs })}</span>
                  </div>
                  {a.error && <p className="mt-2 text-destructive">{a.error}</p>}
                  {a.responseBody && (
                    <div className="mt-2">
                      <p className="mb-1 text-xs text-muted-foreground">{t("webhooks.deliveries.response")}</p>
                      <pre className="max-h-40 overflow-auto rounded bg-muted p-2 text-xs break-all whitespace-pre-wrap" data-testid="delivery-response">
                        {a.responseBody}
                      </pre>
                    </div>
                  )}
                </li>
              ))}
            </ol>
          )}
          <div>
            <p className="mb-1 text-xs text-muted-foreground">{t("webhooks.deliveries.payload")}</p>
            <pre className="max-h-56 overflow-auto rounded bg-muted p-2 text-xs break-all whitespace-pre-wrap">{prettyJson(d.payload)}</pre>
          </div>
        </div>
      )}
    </li>
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
