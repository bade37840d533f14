import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Plus } from "lucide-react";
import { useListParams } from "@/components/list-params";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useAbility } from "@/lib/ability";
import { BROADCAST_STATUSES, type BroadcastStatus } from "@worker/features/broadcasts/contract";
import { broadcastQueries, type BroadcastListParams } from "@/features/broadcasts/api";
import { BroadcastsTable } from "@/features/broadcasts/components/broadcasts-table";
import { QuotaBadge } from "@/features/broadcasts/components/quota-badge";
import { useBroadcastActions } from "@/features/broadcasts/use-broadcast-actions";

export const handle = { titleKey: "broadcasts:list.title" };

const ALL = "all";

/** /:accountId/broadcasts — the account's broadcasts with their status and counts, the quota left, a status filter. */
export default function BroadcastsPage() {
  const { t } = useTranslation("broadcasts");
  const { accountId = "" } = useParams();
  const ability = useAbility();
  const canCreate = ability.can("create", "Broadcast");
  const { params, page, limit, update } = useListParams();
  const status = (BROADCAST_STATUSES as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as BroadcastStatus) : undefined;
  const p: BroadcastListParams = { page, limit, status };
  const list = useQuery(broadcastQueries.list(accountId, p));
  const { act, remove, busyOn } = useBroadcastActions(accountId);

  return (
    <div>
      <PageHeader
        title={t("list.title")}
        description={t("list.description")}
        actions={
          <>
            <QuotaBadge accountId={accountId} />
            {canCreate && (
              <Button asChild data-testid="broadcast-create">
                <Link to={`/${accountId}/broadcasts/new`}>
                  <Plus aria-hidden />
                  {t("list.create")}
                </Link>
              </Button>
            )}
          </>
        }
      />
      <Card className="gap-0 overflow-hidden py-0">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b px-5 py-4">
          <h2 className="text-base font-medium text-heading">{list.data ? t("list.total", { count: list.data.meta.total }) : t("list.title")}</h2>
          <Select value={status ?? ALL} onValueChange={(v) => update({ status: v === ALL ? undefined : v })}>
            <SelectTrigger className="w-full sm:w-56" aria-label={t("list.statusFilter")} data-testid="broadcast-status-filter">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t("list.allStatuses")}</SelectItem>
              {BROADCAST_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {t(`status.${s}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <BroadcastsTable
          accountId={accountId}
          list={list}
          p={p}
          onPage={(patch) => update(patch)}
          onReset={() => update({ status: undefined })}
          canCreate={canCreate}
          busyOn={busyOn}
          onAction={(b, a) => void act(b, a)}
          onDelete={(b) => void remove(b)}
        />
      </Card>
    </div>
  );
}
