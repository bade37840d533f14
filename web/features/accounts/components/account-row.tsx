import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ArrowRight } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/lib/i18n";
import { InitialsAvatar } from "./initials-avatar";
import type { Account } from "../types";
import { RoleBadge } from "./role-badge";

/** One account of the accounts list: the whole row links to its dashboard. */
export function AccountRow({ account: a, current }: { account: Account; current: boolean }) {
  const { t } = useTranslation("accounts");
  return (
    <li className="group relative flex flex-wrap items-center gap-4 px-6 py-4 transition-colors hover:bg-muted/60">
      <InitialsAvatar name={a.name} className="size-10" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={`/${a.accountId}/dashboard`} className="truncate font-medium text-heading after:absolute after:inset-0 hover:text-primary">
            {a.name}
          </Link>
          {current && <Badge variant="success">{t("list.current")}</Badge>}
        </div>
        <p className="truncate text-sm text-muted-foreground">{a.description || t("list.noDescription")}</p>
      </div>
      <div className="hidden flex-col items-end gap-1 text-sm text-muted-foreground md:flex">
        <span>{a.timezone.replaceAll("_", " ")}</span>
        <span>{t("list.createdAt", { date: formatDate(a.createdAt) })}</span>
      </div>
      {a.role && <RoleBadge role={a.role} />}
      <ArrowRight className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-primary rtl:rotate-180" aria-hidden />
    </li>
  );
}
