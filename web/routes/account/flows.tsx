import { useRef } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { FileUp, Plus } from "lucide-react";
import { FLOW_STATUSES, type FlowStatus } from "@worker/features/flows/contract";
import { useDebouncedSearch, useListParams } from "@/components/list-params";
import { PageHeader } from "@/components/page-header";
import { SearchInput } from "@/components/search-input";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useAbility } from "@/lib/ability";
import { flowQueries, type FlowListParams } from "@/features/flows/api";
import { CreateFlowDialog } from "@/features/flows/components/create-flow-dialog";
import { FlowsTable } from "@/features/flows/components/flows-table";
import { useFlowActions } from "@/features/flows/use-flow-actions";

export const handle = { titleKey: "flows:list.title" };

const ALL = "all";

/** /:accountId/flows — the account's flows: status, triggers, conversations of the last 7 days; create, import, row actions. */
export default function FlowsPage() {
  const { t } = useTranslation("flows");
  const { accountId = "" } = useParams();
  const canWrite = useAbility().can("create", "Flow");
  const { params, page, limit, q, update } = useListParams();
  const [search, setSearch] = useDebouncedSearch(q, update);
  const status = (FLOW_STATUSES as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as FlowStatus) : undefined;
  const p: FlowListParams = { page, limit, q: q || undefined, status };
  const list = useQuery(flowQueries.list(accountId, p));
  const { act, remove, importFile, busy, busyOn } = useFlowActions(accountId);
  const fileRef = useRef<HTMLInputElement>(null);
  const create = (
    <CreateFlowDialog
      accountId={accountId}
      trigger={
        <Button data-testid="flow-create">
          <Plus aria-hidden />
          {t("list.create")}
        </Button>
      }
    />
  );

  return (
    <div>
      <PageHeader
        title={t("list.title")}
        description={t("list.description")}
        actions={
          canWrite && (
            <>
              <input
                ref={fileRef}
                type="file"
                accept="application/json,.json"
                className="hidden"
                data-testid="flow-import-file"
                aria-label={t("list.import")}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = "";
                  if (file) void importFile(file);
                }}
              />
              <Button variant="outline" onClick={() => fileRef.current?.click()} loading={busy === "import"} data-testid="flow-import">
                <FileUp aria-hidden />
                {t("list.import")}
              </Button>
              {create}
            </>
          )
        }
      />
      <Card className="gap-0 overflow-hidden py-0">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b px-5 py-4">
          <h2 className="text-base font-medium text-heading">{list.data ? t("list.total", { count: list.data.meta.total }) : t("list.title")}</h2>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <SearchInput value={search} onChange={setSearch} label={t("list.search")} wrapperClassName="sm:w-64" data-testid="flow-search" />
            <Select value={status ?? ALL} onValueChange={(v) => update({ status: v === ALL ? undefined : v })}>
              <SelectTrigger className="w-full sm:w-48" aria-label={t("list.statusFilter")} data-testid="flow-status-filter">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>{t("list.allStatuses")}</SelectItem>
                {FLOW_STATUSES.map((s) => (
                  <SelectItem key={s} value={s}>
                    {t(`status.${s}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
        <FlowsTable
          accountId={accountId}
          list={list}
          p={p}
          onPage={(patch) => update(patch)}
          onReset={() => {
            setSearch("");
            update({ status: undefined, q: undefined });
          }}
          canWrite={canWrite}
          createButton={create}
          busyOn={busyOn}
          onAction={(f, a) => void act(f, a)}
          onDelete={(f) => void remove(f)}
        />
      </Card>
    </div>
  );
}
