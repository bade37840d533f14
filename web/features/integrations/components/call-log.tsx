import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ScrollText } from "lucide-react";
import { QueryLoadError } from "@/components/query-view";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeading } from "@/components/ui/card";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDate } from "@/lib/i18n";
import { integrationQueries, type CallLogPage } from "../api";

type Row = CallLogPage["data"][number];

/** Every call to the portal and its outcome (the integration's log), newest first. */
export function CallLog({ accountId }: { accountId: string }) {
  const { t } = useTranslation("integrations");
  const [page, setPage] = useState(1);
  const log = useQuery(integrationQueries.log(accountId, page));
  const columns = useMemo(() => {
    const col = dataTableColumns<Row>();
    return [
      col.accessor("createdAt", { header: () => t("bitrix.log.when"), cell: ({ getValue }) => <span className="whitespace-nowrap">{formatDate(getValue(), { withTime: true })}</span> }),
      col.accessor("method", { header: () => t("bitrix.log.method"), cell: ({ getValue }) => <code className="text-sm">{getValue()}</code> }),
      col.display({
        id: "result",
        header: () => t("bitrix.log.result"),
        cell: ({ row }) =>
          row.original.ok ? (
            <Badge variant="success">{t("bitrix.log.ok")}</Badge>
          ) : (
            <div className="space-y-1">
              <Badge variant="destructive">{row.original.errorCode}</Badge>
              <p className="max-w-md text-sm text-muted-foreground">{row.original.error}</p>
            </div>
          ),
      }),
      col.accessor("attempt", { header: () => t("bitrix.log.attempt"), cell: ({ getValue }) => getValue() }),
      col.accessor("durationMs", { header: () => t("bitrix.log.duration"), cell: ({ getValue }) => t("bitrix.log.ms", { ms: getValue() }) }),
    ];
  }, [t]);
  return (
    <Card className="gap-0 overflow-hidden pb-0" data-testid="bitrix-call-log">
      <div className="pb-4">
        <CardHeading title={t("bitrix.log.title")} description={t("bitrix.log.description")} />
      </div>
      {log.isError ? (
        <QueryLoadError query={log} className="m-4 sm:m-6" />
      ) : (
        <DataTable
          columns={columns}
          data={log.data?.data ?? []}
          isLoading={log.isPending}
          page={page}
          pageSize={50}
          pageSizeOptions={[50]}
          total={log.data?.meta.total ?? 0}
          onPageChange={setPage}
          getRowId={(r) => r.id}
          empty={<EmptyState icon={ScrollText} title={t("bitrix.log.empty")} description={t("bitrix.log.emptyHint")} />}
        />
      )}
    </Card>
  );
}
