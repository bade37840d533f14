import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, ShieldAlert } from "lucide-react";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate, formatNumber, formatRub } from "@/lib/i18n";
import { adminQueries, type AdminAccountPage } from "@/features/admin/api";
import { AccountActions } from "@/features/admin/components/account-actions";
import { planName, useInterfaceLanguage } from "@/features/billing/localized-name";
import { AuditLogCard } from "@/features/admin/components/audit-log-card";

export const handle = { titleKey: "admin:accounts.pageTitle" };

const USAGE_METRICS = ["messagesIn", "messagesOut", "aiReplies", "broadcastRecipients"] as const;

/** /admin/accounts/:accountId: one account for platform administrators — members, channels, usage, ledger, actions. */
export default function AdminAccountPage() {
  const { t } = useTranslation("admin");
  const lang = useInterfaceLanguage();
  const { id: accountId = "" } = useParams();
  const account = useQuery(adminQueries.account(accountId));
  const back = (
    <Button asChild variant="ghost" size="sm">
      <Link to="/admin/accounts">
        <ArrowLeft aria-hidden className="rtl:rotate-180" /> {t("accounts.back")}
      </Link>
    </Button>
  );
  if (account.isError) return <div className="space-y-4">{back}<LoadError error={account.error} onRetry={() => account.refetch()} retrying={account.isFetching} /></div>;
  if (!account.data) return <div className="space-y-4">{back}<Skeleton className="h-64 w-full" /></div>;
  const a = account.data;
  return (
    <div className="space-y-6" data-testid="admin-account">
      {back}
      <PageHeader title={a.name} description={t("accounts.summary", { plan: planName(a.billing.plan, lang), created: formatDate(a.createdAt), tz: a.timezone })} actions={<AccountActions account={a} />} />
      {a.blocked && (
        <Alert variant="destructive" data-testid="admin-blocked-alert">
          <ShieldAlert aria-hidden />
          <AlertTitle>{t("accounts.blockedSince", { date: formatDate(a.blocked.at, { withTime: true }) })}</AlertTitle>
          <AlertDescription>{a.blocked.reason}</AlertDescription>
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Stat label={t("accounts.stats.balance")} value={formatRub(a.billing.balanceKopecks)} />
        <Stat label={t("accounts.stats.contacts")} value={formatNumber(a.counts.contacts)} />
        <Stat label={t("accounts.stats.threads")} value={formatNumber(a.counts.threads)} />
        <Stat label={t("accounts.stats.assistants")} value={formatNumber(a.counts.assistants)} />
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <MembersCard a={a} />
        <ChannelsCard a={a} />
        <Card>
          <CardHeader>
            <CardTitle>{t("accounts.usage30")}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-4">
              {USAGE_METRICS.map((m) => (
                <div key={m}>
                  <dt className="text-sm text-muted-foreground">{t(`accounts.metrics.${m}`)}</dt>
                  <dd className="text-lg font-semibold tabular-nums text-heading">{formatNumber(Number(a.usage30[m] ?? 0))}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
        <LedgerCard a={a} />
      </div>
      <AuditLogCard accountId={a.accountId} />
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card className="py-4">
      <CardContent>
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-semibold tabular-nums text-heading">{value}</p>
      </CardContent>
    </Card>
  );
}

function MembersCard({ a }: { a: AdminAccountPage }) {
  const { t } = useTranslation(["admin", "accounts"]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("accounts.members")}</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t("accounts.columns.member")}</TableHead>
              <TableHead>{t("accounts.columns.role")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {a.members.map((m) => (
              <TableRow key={m.userId}>
                <TableCell>
                  <p className="font-medium text-heading">{m.name}</p>
                  <p className="text-xs text-muted-foreground">{m.email}</p>
                </TableCell>
                <TableCell>{t(`accounts:roles.${m.role}`, { defaultValue: m.role })}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

function ChannelsCard({ a }: { a: AdminAccountPage }) {
  const { t } = useTranslation("admin");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("accounts.channels")}</CardTitle>
      </CardHeader>
      <CardContent>
        {a.channels.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("accounts.noChannels")}</p>
        ) : (
          <ul className="divide-y">
            {a.channels.map((c) => (
              <li key={c.channelId} className="flex items-center justify-between gap-3 py-2">
                <span>
                  <span className="font-medium text-heading">{t(`accounts.platforms.${c.platform}`, { defaultValue: c.platform })}</span>
                  {c.name && <span className="text-sm text-muted-foreground"> · {c.name}</span>}
                </span>
                <ChannelStatus channel={c} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * A channel as its account's own "Мессенджеры" page shows it: not connected, an error the gateway
 * reports (a WhatsApp instance waiting for authorisation, blocked…), or connected; while connected,
 * the on/off switch beside it.
 */
function ChannelStatus({ channel: c }: { channel: AdminAccountPage["channels"][number] }) {
  const { t } = useTranslation("admin");
  if (c.connection === "notConnected") return <Badge variant="secondary" data-testid="admin-channel-status">{t("accounts.connection.notConnected")}</Badge>;
  return (
    <span className="flex flex-wrap justify-end gap-1.5">
      {c.connection === "error" ? (
        <Badge variant={c.problem === "blocked" ? "destructive" : "warning"} data-testid="admin-channel-status">
          {t("accounts.connection.error", { state: t(`accounts.whatsappStates.${c.problem}`, { defaultValue: c.problem ?? "" }) })}
        </Badge>
      ) : (
        <Badge variant="success" data-testid="admin-channel-status">
          {t("accounts.connection.connected")}
        </Badge>
      )}
      <Badge variant="outline">{t(c.enabled ? "accounts.channelOn" : "accounts.channelOff")}</Badge>
    </span>
  );
}

function LedgerCard({ a }: { a: AdminAccountPage }) {
  const { t } = useTranslation("admin");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("accounts.ledger")}</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {a.ledger.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("accounts.noLedger")}</p>
        ) : (
          <Table>
            <TableBody>
              {a.ledger.map((e) => (
                <TableRow key={e.id}>
                  <TableCell className="whitespace-nowrap text-sm text-muted-foreground">{formatDate(e.createdAt)}</TableCell>
                  <TableCell className="text-sm">{e.description}</TableCell>
                  <TableCell className={e.amountKopecks < 0 ? "whitespace-nowrap text-end tabular-nums text-destructive" : "whitespace-nowrap text-end tabular-nums text-success"}>{formatRub(e.amountKopecks)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
