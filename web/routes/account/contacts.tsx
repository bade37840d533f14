import { useMutation, useQuery } from "@tanstack/react-query";
import { ArrowDownWideNarrow, ArrowUpNarrowWide, Download, FileSpreadsheet, FileText, MessagesSquare, MoreHorizontal, Search, SearchX, Trash2, UserRound, Users } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { PAGE_SIZE_OPTIONS } from "@/components/ui/pagination";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useAbility } from "@/lib/ability";
import { saveBlob } from "@/lib/api";
import { confirm } from "@/lib/confirm";
import { formatRelative } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { PLATFORMS, THREAD_STATUSES, type ContactDto, type Platform, type ThreadStatus } from "@/features/chat/api";
import { removeContact } from "@/features/chat/cache";
import { ContactAvatar, PlatformIcon } from "@/features/chat/components/platform-icon";
import { contactApi, contactQueries, type ContactsParams, type SortBy } from "@/features/contacts/api";
import { queryClient } from "@/lib/query";

export const handle = { titleKey: "contacts:list.pageTitle" };

const SORTS: SortBy[] = ["lastSeenAt", "createdAt", "name"];
const ALL = "__all";

/** /:accountId/contacts — the contacts table: search, filters, sorting, page sizes, export, delete. */
export default function ContactsPage() {
  const { t } = useTranslation(["contacts", "chat"]);
  const { accountId = "" } = useParams();
  const navigate = useNavigate();
  const ability = useAbility();
  const [params, setParams] = useSearchParams();

  const limitParam = Number(params.get("limit"));
  const p: ContactsParams = {
    page: Math.max(1, Number(params.get("page")) || 1),
    limit: (PAGE_SIZE_OPTIONS as readonly number[]).includes(limitParam) ? limitParam : 20,
    q: params.get("q") || undefined,
    platform: (PLATFORMS as string[]).includes(params.get("platform") ?? "") ? (params.get("platform") as Platform) : undefined,
    status: (THREAD_STATUSES as string[]).includes(params.get("status") ?? "") ? (params.get("status") as ThreadStatus) : undefined,
    sortBy: (SORTS as string[]).includes(params.get("sortBy") ?? "") ? (params.get("sortBy") as SortBy) : "lastSeenAt",
    sortDir: params.get("sortDir") === "asc" ? "asc" : "desc",
  };
  const set = (patch: Record<string, string | number | undefined>, resetPage = true) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined || v === "") next.delete(k);
          else next.set(k, String(v));
        }
        if (resetPage && !("page" in patch)) next.delete("page");
        return next;
      },
      { replace: true },
    );

  const [search, setSearch] = useState(p.q ?? "");
  useEffect(() => {
    const id = setTimeout(() => {
      if ((search.trim() || undefined) !== p.q) set({ q: search.trim() || undefined });
    }, 300);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const list = useQuery(contactQueries.table(accountId, p));
  const total = list.data?.meta.total ?? 0;
  const filtered = !!(p.q || p.platform || p.status);

  const remove = useMutation({
    mutationFn: (c: ContactDto) => contactApi.remove(accountId, c.contactId),
    onSuccess: (r) => {
      removeContact(queryClient, accountId, r.contactId);
      notify({ type: "success", message: t("list.deleted") });
      void list.refetch();
    },
  });
  const askDelete = async (c: ContactDto) => {
    if (await confirm({ title: t("list.deleteTitle"), message: t("list.deleteMessage", { name: c.name }), confirmText: t("list.deleteConfirm") })) remove.mutate(c);
  };

  const [exporting, setExporting] = useState<"csv" | "xlsx" | null>(null);
  const doExport = async (format: "csv" | "xlsx") => {
    setExporting(format);
    try {
      const blob = await contactApi.export(accountId, format, { q: p.q, platform: p.platform });
      saveBlob(blob);
      notify({ type: "success", message: t("list.exported", { name: blob.fileName }) });
    } catch {
      /* the snackbar already told the user */
    } finally {
      setExporting(null);
    }
  };

  const col = dataTableColumns<ContactDto>();
  const canDelete = ability.can("delete", "Contact");
  const columns = useMemo(
    () => [
      col.display({
        id: "contact",
        header: () => t("list.columns.contact"),
        cell: ({ row }) => {
          const c = row.original;
          return (
            <div className="flex min-w-[200px] items-center gap-3">
              <ContactAvatar contact={c} className="size-9" />
              <div className="min-w-0">
                <Link to={`/${accountId}/contacts/${c.contactId}`} className="block truncate font-medium text-heading hover:text-primary" onClick={(e) => e.stopPropagation()} data-testid="contact-link">
                  {c.name}
                </Link>
                <span className="block truncate text-[0.8125rem] text-muted-foreground">{c.platformUsername ? `@${c.platformUsername.replace(/^@/, "")}` : c.platformUserId}</span>
              </div>
            </div>
          );
        },
      }),
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
        cell: ({ row }) => {
          const th = row.original.thread;
          if (!th) return <span className="text-muted-foreground">{t("list.noThread")}</span>;
          return (
            <Badge variant={th.status === "active" ? "success" : th.status === "pending" ? "warning" : th.status === "closed" ? "destructive" : "secondary"}>
              {t(`chat:status.${th.status}`)}
            </Badge>
          );
        },
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
        cell: ({ row }) => {
          const c = row.original;
          return (
            <div className="flex justify-end" onClick={(e) => e.stopPropagation()}>
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="ghost" size="icon" className="size-8" aria-label={t("list.actions", { name: c.name })} data-testid="contact-actions">
                    <MoreHorizontal aria-hidden />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end">
                  <DropdownMenuItem asChild>
                    <Link to={`/${accountId}/apps/chat?c=${c.contactId}${c.thread ? `&t=${c.thread.threadId}` : ""}`}>
                      <MessagesSquare aria-hidden />
                      {t("list.openChat")}
                    </Link>
                  </DropdownMenuItem>
                  <DropdownMenuItem asChild>
                    <Link to={`/${accountId}/contacts/${c.contactId}`}>
                      <UserRound aria-hidden />
                      {t("list.openProfile")}
                    </Link>
                  </DropdownMenuItem>
                  {canDelete && (
                    <>
                      <DropdownMenuSeparator />
                      <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={() => void askDelete(c)} data-testid="contact-delete">
                        <Trash2 aria-hidden />
                        {t("list.delete")}
                      </DropdownMenuItem>
                    </>
                  )}
                </DropdownMenuContent>
              </DropdownMenu>
            </div>
          );
        },
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [accountId, canDelete, t],
  );

  const exportMenu = (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" loading={!!exporting} data-testid="contacts-export">
          <Download aria-hidden />
          {t("list.export")}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => void doExport("csv")} data-testid="export-csv">
          <FileText aria-hidden />
          {t("list.exportCsv")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void doExport("xlsx")} data-testid="export-xlsx">
          <FileSpreadsheet aria-hidden />
          {t("list.exportXlsx")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );

  return (
    <div>
      <PageHeader title={t("list.title")} description={list.data ? t("list.total", { count: total }) : t("list.description")} actions={exportMenu} />
      <Card className="gap-0 overflow-hidden py-0">
        <div className="flex flex-col gap-3 border-b border-border p-4 sm:px-6 lg:flex-row lg:items-center">
          <div className="relative flex-1 lg:max-w-sm">
            <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t("list.search")} aria-label={t("list.search")} className="ps-9" maxLength={100} />
          </div>
          <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap lg:ms-auto">
            <Select value={p.platform ?? ALL} onValueChange={(v) => set({ platform: v === ALL ? undefined : v })}>
              <SelectTrigger className="sm:w-44" aria-label={t("list.columns.platform")} data-testid="filter-platform">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>{t("list.allPlatforms")}</SelectItem>
                {PLATFORMS.map((x) => (
                  <SelectItem key={x} value={x}>
                    {t(`chat:platform.${x}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Select value={p.status ?? ALL} onValueChange={(v) => set({ status: v === ALL ? undefined : v })}>
              <SelectTrigger className="sm:w-40" aria-label={t("list.columns.status")} data-testid="filter-status">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>{t("list.allStatuses")}</SelectItem>
                {THREAD_STATUSES.map((x) => (
                  <SelectItem key={x} value={x}>
                    {t(`chat:status.${x}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Select value={p.sortBy} onValueChange={(v) => set({ sortBy: v })}>
              <SelectTrigger className="sm:w-48" aria-label={t("list.sortBy")} data-testid="sort-by">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {SORTS.map((x) => (
                  <SelectItem key={x} value={x}>
                    {t(`list.sort.${x}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Button
              variant="secondary"
              size="icon"
              onClick={() => set({ sortDir: p.sortDir === "asc" ? "desc" : "asc" })}
              aria-label={p.sortDir === "asc" ? t("list.asc") : t("list.desc")}
              title={p.sortDir === "asc" ? t("list.asc") : t("list.desc")}
              data-testid="sort-dir"
            >
              {p.sortDir === "asc" ? <ArrowUpNarrowWide aria-hidden /> : <ArrowDownWideNarrow aria-hidden />}
            </Button>
          </div>
        </div>
        {list.isError ? (
          <EmptyState
            icon={Users}
            title={t("list.loadError")}
            action={
              <Button variant="outline" size="sm" onClick={() => list.refetch()} loading={list.isFetching}>
                {t("list.retry")}
              </Button>
            }
          />
        ) : (
          <DataTable
            columns={columns}
            data={list.data?.data ?? []}
            isLoading={list.isPending || list.isPlaceholderData}
            page={p.page}
            pageSize={p.limit}
            total={total}
            onPageChange={(page) => set({ page }, false)}
            onPageSizeChange={(limit) => set({ limit })}
            getRowId={(c) => c.contactId}
            onRowClick={(c) => navigate(`/${accountId}/contacts/${c.contactId}`)}
            empty={
              filtered ? (
                <EmptyState
                  icon={SearchX}
                  title={t("list.notFound")}
                  description={t("list.notFoundHint")}
                  action={
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => {
                        setSearch("");
                        set({ q: undefined, platform: undefined, status: undefined });
                      }}
                    >
                      {t("list.reset")}
                    </Button>
                  }
                />
              ) : (
                <EmptyState
                  icon={Users}
                  title={t("list.empty")}
                  description={t("list.emptyHint")}
                  action={
                    <Button asChild size="sm">
                      <Link to={`/${accountId}/connect`}>{t("list.connect")}</Link>
                    </Button>
                  }
                />
              )
            }
          />
        )}
      </Card>
    </div>
  );
}
