import { serverText } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { PackagePlus, Send } from "lucide-react";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { packageKeys, packageQueries, packagesApi, type BroadcastPackage, type PackageStatus } from "@/features/broadcast-packages/api";
import { GrantDialog } from "@/features/broadcast-packages/components/grant-dialog";
import { PackageDialog } from "@/features/broadcast-packages/components/package-dialog";
import { usePackageColumns } from "@/features/broadcast-packages/components/packages-table";
import { packageName, useInterfaceLanguage } from "@/features/billing/localized-name";
import { confirm } from "@/lib/confirm";
import { notify } from "@/lib/notify";
import { usePaging } from "@/lib/use-paging";
import { useBusyAction } from "@/lib/use-busy-action";

export const handle = { titleKey: "admin:packages.title" };

/** /admin/broadcast-packages: the catalogue of broadcast packages, and grants of them to accounts. */
export default function BroadcastPackagesPage() {
  const { t } = useTranslation("admin");
  const lang = useInterfaceLanguage();
  const queryClient = useQueryClient();
  const { page, limit, setPage, tableProps } = usePaging();
  const [status, setStatus] = useState<PackageStatus>("current");
  const [editing, setEditing] = useState<BroadcastPackage | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const { busy, run } = useBusyAction();
  const list = useQuery({ ...packageQueries.list({ page, limit, status }), placeholderData: keepPreviousData });

  const openDialog = (pkg: BroadcastPackage | null) => {
    setEditing(pkg);
    setDialogOpen(true);
  };
  const archive = async (pkg: BroadcastPackage) => {
    const key = pkg.archived ? "unarchive" : "archive";
    if (!(await confirm({ title: t(`packages.confirm.${key}Title`), message: t(`packages.confirm.${key}Message`, { name: packageName(pkg, lang) }), confirmText: t(`packages.confirm.${key}`) }))) return;
    await run(pkg.id, async () => {
      const saved = await packagesApi.archive(pkg.id, !pkg.archived);
      notify({ type: "success", message: serverText(saved.message, i18n.t(pkg.archived ? "common:serverToasts.packageUnarchived" : "common:serverToasts.packageArchived")) });
      await queryClient.invalidateQueries({ queryKey: packageKeys.all() });
    });
  };
  const columns = usePackageColumns(busy, { edit: openDialog, archive });
  const createButton = (
    <Button onClick={() => openDialog(null)} data-testid="package-create">
      <PackagePlus aria-hidden />
      {t("packages.create")}
    </Button>
  );

  return (
    <div className="space-y-6">
      <PageHeader
        title={t("packages.title")}
        description={t("packages.description")}
        actions={
          <>
            <GrantDialog />
            {createButton}
          </>
        }
      />
      <Card>
        <CardContent className="space-y-4 pt-6">
          <Select value={status} onValueChange={(v) => (setStatus(v as PackageStatus), setPage(1))}>
            <SelectTrigger className="w-full sm:w-56" aria-label={t("packages.filter")}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(["current", "archived", "all"] as const).map((s) => (
                <SelectItem key={s} value={s}>
                  {t(`packages.filters.${s}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {list.isError ? (
            <LoadError error={list.error} onRetry={() => list.refetch()} retrying={list.isFetching} />
          ) : (
            <div className="overflow-x-auto" data-testid="packages-table">
              <DataTable
                columns={columns}
                data={list.data?.data ?? []}
                isLoading={list.isPending}
                {...tableProps(list.data?.meta.total)}
                getRowId={(r) => r.id}
                empty={
                  <EmptyState
                    icon={Send}
                    title={t(status === "archived" ? "packages.emptyArchivedTitle" : "packages.emptyTitle")}
                    description={t(status === "archived" ? "packages.emptyArchivedText" : "packages.emptyText")}
                    action={status === "archived" ? undefined : createButton}
                  />
                }
              />
            </div>
          )}
        </CardContent>
      </Card>
      <PackageDialog pkg={editing} open={dialogOpen} onOpenChange={setDialogOpen} />
    </div>
  );
}
