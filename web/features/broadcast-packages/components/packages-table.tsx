import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Archive, ArchiveRestore, Pencil } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { dataTableColumns } from "@/components/ui/data-table";
import { packageName, useInterfaceLanguage } from "@/features/billing/localized-name";
import type { BroadcastPackage } from "@/features/broadcast-packages/api";
import { formatNumber, formatRub } from "@/lib/i18n";

export type PackageRowActions = { edit: (p: BroadcastPackage) => void; archive: (p: BroadcastPackage) => void };

/** Columns of the packages table: name, recipients, price in ₽, validity, state, grants, actions. */
export function usePackageColumns(busy: string | null, on: PackageRowActions) {
  const { t } = useTranslation("admin");
  const lang = useInterfaceLanguage();
  const col = dataTableColumns<BroadcastPackage>();
  return useMemo(
    () => [
      col.accessor("name", { header: () => t("packages.columns.name"), cell: ({ row }) => {
          // The name in the interface's language, and the stored Russian one under it when it differs (what the editor's «Название» holds).
          const name = packageName(row.original, lang);
          return (
            <div>
              <p className="font-medium text-heading">{name}</p>
              {name !== row.original.name && <p className="text-xs text-muted-foreground">{row.original.name}</p>}
            </div>
          );
        },
      }),
      col.accessor("recipients", { header: () => t("packages.columns.recipients"), cell: ({ row }) => <span className="tabular-nums">{formatNumber(row.original.recipients)}</span> }),
      col.accessor("priceKopecks", { header: () => t("packages.columns.price"), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatRub(row.original.priceKopecks)}</span> }),
      col.accessor("validityDays", { header: () => t("packages.columns.validity"), cell: ({ row }) => t("packages.days", { count: row.original.validityDays }) }),
      col.display({ id: "state", header: () => t("packages.columns.state"), cell: ({ row }) => <PackageState pkg={row.original} /> }),
      col.accessor("grantCount", { header: () => t("packages.columns.grants"), cell: ({ row }) => <span className="tabular-nums">{formatNumber(row.original.grantCount)}</span> }),
      col.display({
        id: "actions",
        header: () => <span className="sr-only">{t("packages.columns.actions")}</span>,
        cell: ({ row }) => {
          const p = row.original;
          return (
            <div className="flex justify-end gap-1">
              <Button variant="ghost" size="icon" aria-label={t("packages.actions.edit", { name: packageName(p, lang) })} onClick={() => on.edit(p)} data-testid={`package-edit-${p.id}`}>
                <Pencil aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t(p.archived ? "packages.actions.unarchive" : "packages.actions.archive", { name: packageName(p, lang) })}
                onClick={() => on.archive(p)}
                loading={busy === p.id}
              >
                {p.archived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
              </Button>
            </div>
          );
        },
      }),
    ],
    [col, t, busy, on, lang],
  );
}

function PackageState({ pkg }: { pkg: BroadcastPackage }) {
  const { t } = useTranslation("admin");
  if (pkg.archived) return <Badge variant="secondary">{t("packages.state.archived")}</Badge>;
  return pkg.active ? <Badge variant="success">{t("packages.state.active")}</Badge> : <Badge variant="warning">{t("packages.state.inactive")}</Badge>;
}
