import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { UseQueryResult } from "@tanstack/react-query";
import { Users } from "lucide-react";
import type { ListParamsPatch } from "@/components/list-params";
import { Button } from "@/components/ui/button";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState, NoMatchesState } from "@/components/ui/empty-state";
import type { ApiResponse } from "@/lib/api-types";
import { formatRelative } from "@/lib/i18n";
import type { ContactDto } from "@/features/chat/api";
import { atUsername, NoContactsState, ThreadStatusBadge } from "@/features/chat/components/contact-summary";
import { ContactAvatar, PlatformIcon } from "@/features/chat/components/platform-icon";
import type { ContactsParams } from "../api";
import { ContactRowActions } from "./contact-row-actions";

type ContactsQuery = UseQueryResult<ApiResponse<"/accounts/:accountId/contacts">>;

/** The contacts table: server-side pages, a click on a row opens the profile, an empty state for each reason. */
export function ContactsTable({
  accountId,
  list,
  p,
  filtered,
  update,
  onReset,
  onDelete,
}: {
  accountId: string;
  list: ContactsQuery;
  p: ContactsParams;
  filtered: boolean;
  update: (patch: ListParamsPatch) => void;
  onReset: () => void;
  onDelete?: (c: ContactDto) => void;
}) {
  const { t } = useTranslation("contacts");
  const navigate = useNavigate();
  const columns = useContactColumns(accountId, onDelete);
  if (list.isError) {
    return (
      <EmptyState
        icon={Users}
        title={t("list.loadError")}
        action={
          <Button variant="outline" size="sm" onClick={() => list.refetch()} loading={list.isFetching}>
            {t("list.retry")}
          </Button>
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

/** The table's columns: contact, platform, phone, thread status, last message, last seen, actions. */
function useContactColumns(accountId: string, onDelete?: (c: ContactDto) => void) {
  const { t } = useTranslation(["contacts", "chat"]);
  return useMemo(() => {
    const col = dataTableColumns<ContactDto>();
    return [
      col.display({ id: "contact", header: () => t("list.columns.contact"), cell: ({ row }) => <ContactCell accountId={accountId} contact={row.original} /> }),
      col.display({
        id: "platform",
        header: () => t("list.columns.platform"),
        cell: ({ row }) => (
          <span className="inline-flex items-center gap-2 whitespace-nowrap">
            <PlatformIcon platform={row.original.platform} className="size-5" />
            {t(`chat:platform.${row.original.platform}`)}
          </span>
        ),
      }),
      col.display({ id: "phone", header: () => t("list.columns.phone"), cell: ({ row }) => <span className="whitespace-nowrap">{row.original.phone || "—"}</span> }),
      col.display({
        id: "status",
        header: () => t("list.columns.status"),
        cell: ({ row }) => (row.original.thread ? <ThreadStatusBadge status={row.original.thread.status} /> : <span className="text-muted-foreground">{t("list.noThread")}</span>),
      }),
      col.display({
        id: "lastMessage",
        header: () => t("list.columns.lastMessage"),
        cell: ({ row }) => <span className="line-clamp-1 max-w-[280px] text-muted-foreground">{row.original.thread?.lastMessage || "—"}</span>,
      }),
      col.display({ id: "lastSeen", header: () => t("list.columns.lastSeen"), cell: ({ row }) => <span className="whitespace-nowrap">{formatRelative(row.original.lastSeenAt)}</span> }),
      col.display({
        id: "actions",
        header: () => <span className="sr-only">{t("list.columns.actions")}</span>,
        cell: ({ row }) => <ContactRowActions accountId={accountId} contact={row.original} onDelete={onDelete} />,
      }),
    ];
  }, [accountId, onDelete, t]);
}

function ContactCell({ accountId, contact: c }: { accountId: string; contact: ContactDto }) {
  return (
    <div className="flex min-w-[200px] items-center gap-3">
      <ContactAvatar contact={c} className="size-9" />
      <div className="min-w-0">
        <Link to={`/${accountId}/contacts/${c.contactId}`} className="block truncate font-medium text-heading hover:text-primary" onClick={(e) => e.stopPropagation()} data-testid="contact-link">
          {c.name}
        </Link>
        <span className="block truncate text-[0.8125rem] text-muted-foreground">{atUsername(c.platformUsername) ?? c.platformUserId}</span>
      </div>
    </div>
  );
}
