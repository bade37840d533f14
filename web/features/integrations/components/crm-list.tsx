import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Contact, Handshake, Target, type LucideIcon } from "lucide-react";
import { useDebouncedSearch, useListParams } from "@/components/list-params";
import { QueryLoadError } from "@/components/query-view";
import { SearchInput } from "@/components/search-input";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DataTable, dataTableColumns, type DataTableColumn } from "@/components/ui/data-table";
import { EmptyState, NoMatchesState } from "@/components/ui/empty-state";
import { formatDate, formatNumber } from "@/lib/i18n";
import { integrationQueries, type CrmListKind, type CrmRow } from "../api";

const PAGE = 50;
const ICONS: Record<CrmListKind, LucideIcon> = { contacts: Contact, deals: Handshake, leads: Target };

function useColumns(accountId: string, kind: CrmListKind): DataTableColumn<CrmRow>[] {
  const { t } = useTranslation("integrations");
  // Stage and status codes shown by their names in the portal (the default pipeline's stages).
  const options = useQuery({ ...integrationQueries.options(accountId, "0"), enabled: kind !== "contacts" });
  const names = useMemo(() => new Map((kind === "deals" ? options.data?.stages : options.data?.leadStatuses)?.map((s) => [s.id, s.name]) ?? []), [options.data, kind]);
  return useMemo(() => {
    const col = dataTableColumns<CrmRow>();
    return [
      col.accessor("title", { header: () => t(`bitrix.lists.columns.${kind === "contacts" ? "name" : "title"}`), cell: ({ row }) => <span className="font-medium text-heading">{row.original.title}</span> }),
      ...(kind === "deals" ? [] : [col.display({ id: "phones", header: () => t("bitrix.lists.columns.phone"), cell: ({ row }) => <span className="whitespace-nowrap">{row.original.phones.join(", ") || "—"}</span> })]),
      ...(kind === "contacts" ? [] : [col.display({ id: "stage", header: () => t(`bitrix.lists.columns.${kind === "deals" ? "stage" : "status"}`), cell: ({ row }) => (row.original.stage ? <Badge variant="info">{names.get(row.original.stage) ?? row.original.stage}</Badge> : "—") })]),
      ...(kind === "contacts"
        ? []
        : [col.display({ id: "amount", header: () => t("bitrix.lists.columns.amount"), cell: ({ row }) => <span className="whitespace-nowrap">{row.original.amount ? `${formatNumber(row.original.amount)} ${row.original.currency === "RUB" ? "₽" : (row.original.currency ?? "")}` : "—"}</span> })]),
      col.display({ id: "created", header: () => t("bitrix.lists.columns.created"), cell: ({ row }) => <span className="whitespace-nowrap">{row.original.createdAt ? formatDate(row.original.createdAt) : "—"}</span> }),
      col.display({
        id: "inbox",
        header: () => t("bitrix.lists.columns.inbox"),
        cell: ({ row }) =>
          row.original.inboxContact ? (
            <Link className="text-primary underline-offset-4 hover:underline" to={`/${accountId}/contacts/${row.original.inboxContact.id}`} data-testid="crm-inbox-link">
              {row.original.inboxContact.name || t("bitrix.lists.openContact")}
            </Link>
          ) : (
            <span className="text-muted-foreground">—</span>
          ),
      }),
    ];
  }, [t, kind, accountId, names]);
}

/** A CRM list read live from Bitrix24 (its pages of 50 via `start`), with search, rows linked to inbox contacts. */
export function CrmList({ accountId, kind }: { accountId: string; kind: CrmListKind }) {
  const { t } = useTranslation("integrations");
  const { page, q, update } = useListParams();
  const [search, setSearch] = useDebouncedSearch(q, update);
  const list = useQuery(integrationQueries.list(accountId, kind, (page - 1) * PAGE, q));
  const columns = useColumns(accountId, kind);
  return (
    <Card className="gap-0 overflow-hidden py-0" data-testid={`crm-${kind}`}>
      <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row sm:items-center sm:px-6">
        <SearchInput value={search} onChange={setSearch} label={t(`bitrix.lists.search.${kind}`)} wrapperClassName="flex-1 sm:max-w-sm" />
        {list.data && <p className="text-sm text-muted-foreground sm:ms-auto">{t("bitrix.lists.total", { count: list.data.meta.total })}</p>}
      </div>
      {list.isError ? (
        <QueryLoadError query={list} className="m-4 sm:m-6" />
      ) : (
        <DataTable
          columns={columns}
          data={list.data?.data ?? []}
          isLoading={list.isPending || list.isPlaceholderData}
          page={page}
          pageSize={PAGE}
          pageSizeOptions={[PAGE]}
          total={list.data?.meta.total ?? 0}
          onPageChange={(p) => update({ page: p })}
          getRowId={(r) => r.id}
          empty={
            q ? (
              <NoMatchesState title={t("bitrix.lists.notFound")} description={t("bitrix.lists.notFoundHint")} resetLabel={t("bitrix.lists.reset")} onReset={() => (setSearch(""), update({ q: undefined }))} size="sm" />
            ) : (
              <EmptyState icon={ICONS[kind]} title={t(`bitrix.lists.empty.${kind}`)} description={t("bitrix.lists.emptyHint")} />
            )
          }
        />
      )}
    </Card>
  );
}
