import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { UseQueryResult } from "@tanstack/react-query";
import { Users } from "lucide-react";
import type { ListParamsPatch } from "@/components/list-params";
import { Button } from "@/components/ui/button";
import { DataTable, type DataTableColumn } from "@/components/ui/data-table";
import { EmptyState, NoMatchesState } from "@/components/ui/empty-state";
import type { ApiResponse } from "@/lib/api-types";
import { NoContactsState } from "@/features/chat/components/contact-summary";
import { audienceErrorText } from "@/features/audience/api";
import type { ContactRow, ContactsParams } from "../api";

type ContactsQuery = UseQueryResult<ApiResponse<"/accounts/:accountId/contacts">>;

/** The contacts table: server-side pages, a click on a row opens the profile, an empty state for each reason. */
export function ContactsTable({
  accountId,
  list,
  columns,
  p,
  filtered,
  update,
  onReset,
}: {
  accountId: string;
  list: ContactsQuery;
  columns: DataTableColumn<ContactRow>[];
  p: ContactsParams;
  filtered: boolean;
  update: (patch: ListParamsPatch) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation("contacts");
  const navigate = useNavigate();
  if (list.isError) {
    return (
      <EmptyState
        icon={Users}
        title={t("list.loadError")}
        description={audienceErrorText(list.error, "") || undefined}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Button variant="outline" size="sm" onClick={() => list.refetch()} loading={list.isFetching}>
              {t("list.retry")}
            </Button>
            {filtered && (
              <Button variant="ghost" size="sm" onClick={onReset}>
                {t("list.reset")}
              </Button>
            )}
          </div>
        }
      />
    );
  }
  return (
    <DataTable
      columns={columns}
      data={list.data?.data ?? []}
      isLoading={list.isPending || list.isPlaceholderData}
      page={p.page}
      pageSize={p.limit}
      total={list.data?.meta.total ?? 0}
      onPageChange={(page) => update({ page })}
      onPageSizeChange={(limit) => update({ limit })}
      getRowId={(c) => c.contactId}
      onRowClick={(c) => navigate(`/${accountId}/contacts/${c.contactId}`)}
      empty={
        filtered ? (
          <NoMatchesState title={t("list.notFound")} description={t("list.notFoundHint")} resetLabel={t("list.reset")} onReset={onReset} size="sm" />
        ) : (
          <NoContactsState accountId={accountId} icon={Users} title={t("list.empty")} description={t("list.emptyHint")} connectLabel={t("list.connect")} />
        )
      }
    />
  );
}
