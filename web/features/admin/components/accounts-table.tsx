import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { dataTableColumns } from "@/components/ui/data-table";
import { formatDate, formatNumber, formatRub } from "@/lib/i18n";
import { planName, useInterfaceLanguage } from "@/features/billing/localized-name";
import type { AdminAccountRow } from "../api";

/** Columns of /admin/accounts: name (to its page), plan, state, members, balance, created. */
export function useAccountColumns() {
  const { t } = useTranslation("admin");
  const lang = useInterfaceLanguage();
  const col = dataTableColumns<AdminAccountRow>();
  return useMemo(
    () => [
      col.accessor("name", {
        header: () => t("accounts.columns.name"),
        cell: ({ row }) => (
          <Link to={`/admin/accounts/${row.original.accountId}`} className="font-medium text-heading hover:text-primary hover:underline" data-testid="admin-account-link">
            {row.original.name}
          </Link>
        ),
      }),
      col.accessor("planName", { header: () => t("accounts.columns.plan"), cell: ({ row }) => (row.original.planName ? planName({ name: row.original.planName, translations: row.original.planTranslations }, lang) : "—") }),
      col.display({
        id: "state",
        header: () => t("accounts.columns.state"),
        cell: ({ row }) => (row.original.blocked ? <Badge variant="destructive">{t("accounts.state.blocked")}</Badge> : <Badge variant="success">{t("accounts.state.active")}</Badge>),
      }),
      col.accessor("memberCount", { header: () => t("accounts.columns.members"), cell: ({ row }) => <span className="tabular-nums">{formatNumber(row.original.memberCount)}</span> }),
      col.accessor("balanceKopecks", { header: () => t("accounts.columns.balance"), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatRub(row.original.balanceKopecks)}</span> }),
      col.accessor("createdAt", { header: () => t("accounts.columns.created"), cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.createdAt)}</span> }),
    ],
    [col, t],
  );
}
