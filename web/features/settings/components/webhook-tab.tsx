import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { Plus, ShieldCheck, Webhook } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardHeading, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { useAbility } from "@/lib/ability";
import { useMediaQuery } from "@/lib/use-media-query";
import { LoadError } from "@/components/load-error";
import { webhookQueries, type WebhookEndpoint } from "../webhooks-api";
import { DeliveriesSheet } from "./webhook-deliveries-sheet";
import { EndpointRow, type ShownSecret } from "./webhook-endpoint-row";
import { EndpointDialog } from "./webhook-endpoint-dialog";
import { SecretDialog } from "./webhook-secret-dialog";
import { SectionSkeleton } from "./section-skeleton";

/** The account's outgoing webhook endpoints: list, add/edit, secret, test event, delivery log. */
export function WebhookTab({ accountId }: { accountId: string }) {
  const { t } = useTranslation("settings");
  const endpoints = useQuery(webhookQueries.endpoints(accountId));
  const canEdit = useAbility().can("update", "AccountSettings");
  const [editing, setEditing] = useState<WebhookEndpoint | "new" | null>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [log, setLog] = useState<WebhookEndpoint | null>(null);
  const wide = useMediaQuery("(min-width: 640px)");

  if (endpoints.isPending) return <SectionSkeleton rows={3} />;
  if (endpoints.isError) return <LoadError error={endpoints.error} onRetry={() => endpoints.refetch()} retrying={endpoints.isFetching} />;
  const list = endpoints.data.data;

  return (
    <div className="space-y-6">
      <Card className="gap-4" data-testid="webhooks-card">
        <CardHeading
          title={t("webhooks.title")}
          description={t("webhooks.description")}
          action={
            canEdit && list.length > 0 && wide && (
              <Button onClick={() => setEditing("new")} data-testid="webhook-add">
                <Plus aria-hidden />
                {t("webhooks.add")}
              </Button>
            )
          }
        />
        <CardContent className="space-y-3">
          {canEdit && list.length > 0 && !wide && (
            // On a phone the header has no room beside the description: the button goes above the list.
            <Button className="w-full" onClick={() => setEditing("new")} data-testid="webhook-add">
              <Plus aria-hidden />
              {t("webhooks.add")}
            </Button>
          )}
          {list.length === 0 ? (
            <EmptyState
              icon={Webhook}
              title={t("webhooks.empty.title")}
              description={t("webhooks.empty.description")}
              action={
                canEdit && (
                  <Button onClick={() => setEditing("new")} data-testid="webhook-add">
                    <Plus aria-hidden />
                    {t("webhooks.add")}
                  </Button>
                )
              }
            />
          ) : (
            list.map((ep) => <EndpointRow key={ep.id} accountId={accountId} endpoint={ep} canEdit={canEdit} onEdit={() => setEditing(ep)} onLog={() => setLog(ep)} onSecret={setSecret} />)
          )}
        </CardContent>
      </Card>
      <SigningHelp />
      {editing && (
        <EndpointDialog
          accountId={accountId}
          endpoint={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(created) => setSecret({ secret: created.secret, rotated: false, url: created.url })}
        />
      )}
      {secret && <SecretDialog {...secret} onClose={() => setSecret(null)} />}
      {log && <DeliveriesSheet accountId={accountId} endpoint={log} canEdit={canEdit} onClose={() => setLog(null)} />}
    </div>
  );
}

function SigningHelp() {
  const { t } = useTranslation("settings");
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <ShieldCheck className="size-5 text-primary" aria-hidden />
          {t("webhooks.help.title")}
        </CardTitle>
        <CardDescription>{t("webhooks.help.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm sm:grid-cols-3">
          {(["id", "timestamp", "signature"] as const).map((h) => (
            <li key={h} className="rounded-md border p-3">
              <code className="text-xs font-medium text-heading">webhook-{h}</code>
              <p className="mt-1 text-muted-foreground">{t(`webhooks.help.${h}`)}</p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
