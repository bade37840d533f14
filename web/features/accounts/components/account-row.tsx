import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ArrowRight } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/lib/i18n";
import { InitialsAvatar } from "./initials-avatar";
import type { Account } from "../types";
import { RoleBadge } from "./role-badge";

/**
 * One account of the accounts list: the whole row links to its dashboard. The name takes the
 * width there is and wraps to a second line before it is cut; on a phone the role joins the
 * "current" badge under the name instead of taking the name's room at the end of the row.
 */
export function AccountRow({ account: a, current }: { account: Account; current: boolean }) {
  const { t } = useTranslation("accounts");
  return (
    <li className="group relative flex items-center gap-4 px-4 py-4 transition-colors hover:bg-muted/60 sm:px-6" data-testid="account-row">
      <InitialsAvatar name={a.name} className="size-10 shrink-0" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link to={`/${a.accountId}/dashboard`} className="line-clamp-2 font-medium break-words text-heading after:absolute after:inset-0 hover:text-primary" data-testid="account-name">
            {a.name}
          </Link>
          {current && <Badge variant="success">{t("list.current")}</Badge>}
          {a.role && <RoleBadge role={a.role} className="sm:hidden" />}
        </div>
        <p className="truncate text-sm text-muted-foreground">{a.description || t("list.noDescription")}</p>
      </div>
      <div className="hidden shrink-0 flex-col items-end gap-1 text-sm text-muted-foreground md:flex">
        <span>{a.timezone.replaceAll("_", " ")}</span>
        <span>{t("list.createdAt", { date: formatDate(a.createdAt) })}</span>
      </div>
      {a.role && <RoleBadge role={a.role} className="hidden shrink-0 sm:inline-flex" />}
      <ArrowRight className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-primary rtl:rotate-180" aria-hidden />
    </li>
  );
}
