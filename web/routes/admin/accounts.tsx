import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { Building2 } from "lucide-react";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { SearchInput } from "@/components/search-input";
import { Card, CardContent } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { usePaging } from "@/lib/use-paging";
import { adminQueries, type AdminAccountFilters } from "@/features/admin/api";
import { useAccountColumns } from "@/features/admin/components/accounts-table";
import { planName, useInterfaceLanguage } from "@/features/billing/localized-name";

export const handle = { titleKey: "admin:accounts.title" };

const ALL = "all";

/** /admin/accounts: every account of the platform, with search and filters; a row opens the account's page. */
export default function AdminAccountsPage() {
  const { t } = useTranslation("admin");
  const lang = useInterfaceLanguage();
  const { page, limit, setPage, tableProps } = usePaging();
  const [filters, setFilters] = useState<AdminAccountFilters>({});
  const plans = useQuery(adminQueries.plans());
  const list = useQuery(adminQueries.accounts({ ...filters, page, limit }));
  const columns = useAccountColumns();
  const set = (patch: Partial<AdminAccountFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  return (
    <div className="space-y-6">
      <PageHeader title={t("accounts.title")} description={t("accounts.description")} />
      <Card>
        <CardContent className="space-y-4 pt-6">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_180px_180px_160px_160px]">
            <SearchInput value={filters.q ?? ""} onChange={(q) => set({ q })} label={t("accounts.search")} data-testid="admin-accounts-search" />
            <Select value={filters.plan ?? ALL} onValueChange={(v) => set({ plan: v === ALL ? undefined : v })}>
              <SelectTrigger className="w-full" aria-label={t("accounts.filters.plan")} data-testid="admin-filter-plan">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>{t("accounts.filters.anyPlan")}</SelectItem>
                {(plans.data?.data ?? []).map((p) => (
                  <SelectItem key={p.id} value={p.code}>
                    {planName(p, lang)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Select value={filters.status ?? ALL} onValueChange={(v) => set({ status: v === ALL ? undefined : (v as "active" | "blocked") })}>
              <SelectTrigger className="w-full" aria-label={t("accounts.filters.status")} data-testid="admin-filter-status">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>{t("accounts.filters.anyStatus")}</SelectItem>
                <SelectItem value="active">{t("accounts.state.active")}</SelectItem>
                <SelectItem value="blocked">{t("accounts.state.blocked")}</SelectItem>
              </SelectContent>
            </Select>
            <div className="grid gap-1">
              <Label htmlFor="admin-created-from" className="sr-only">
                {t("accounts.filters.createdFrom")}
              </Label>
              <Input id="admin-created-from" type="date" value={filters.createdFrom ?? ""} onChange={(e) => set({ createdFrom: e.target.value || undefined })} title={t("accounts.filters.createdFrom")} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="admin-created-to" className="sr-only">
                {t("accounts.filters.createdTo")}
              </Label>
              <Input id="admin-created-to" type="date" value={filters.createdTo ?? ""} onChange={(e) => set({ createdTo: e.target.value || undefined })} title={t("accounts.filters.createdTo")} />
            </div>
          </div>
          {list.isError ? (
            <LoadError error={list.error} onRetry={() => list.refetch()} retrying={list.isFetching} />
          ) : (
            <div className="overflow-x-auto" data-testid="admin-accounts-table">
              <DataTable
                columns={columns}
                data={list.data?.data ?? []}
                isLoading={list.isPending}
                {...tableProps(list.data?.meta.total)}
                getRowId={(r) => r.accountId}
                empty={<EmptyState icon={Building2} title={t("accounts.emptyTitle")} description={t("accounts.emptyText")} />}
              />
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
