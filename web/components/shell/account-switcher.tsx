import { Building2, Check, ChevronsUpDown, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "../ui/dropdown-menu";
import { useSession } from "@/lib/session";
import { cn } from "@/lib/utils";

/** Current account with a menu to switch to another one (or manage them on /accounts). */
export function AccountSwitcher({ mini, onNavigate }: { mini?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation("common");
  const navigate = useNavigate();
  const { accounts, currentAccountId } = useSession();
  const current = accounts.find((a) => a.accountId === currentAccountId);
  if (!accounts.length) return null;
  const go = (to: string) => {
    onNavigate?.();
    void navigate(to);
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          data-testid="account-switcher"
          className={cn(
            "flex w-full cursor-pointer items-center gap-2.5 rounded-md border border-border px-2.5 py-2 text-start transition-colors outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-primary/30 dark:hover:bg-white/6",
            mini && "justify-center px-0",
          )}
        >
          {/* The name comes from the visible text (WCAG 2.5.3), the action is read before it. */}
          <span className="sr-only">{mini ? `${t("userMenu.switchAccount")}: ${current?.name ?? ""}` : `${t("userMenu.switchAccount")}: `}</span>
          <span aria-hidden className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary/15 text-sm font-semibold text-primary uppercase">
            {(current?.name ?? "?").slice(0, 1)}
          </span>
          {!mini && (
            <>
              <span className="min-w-0 flex-1">
                <span dir="auto" className="block truncate align-page-start text-[0.9375rem] font-medium text-heading">
                  {current?.name ?? t("userMenu.switchAccount")}
                </span>
                {current && <span className="block truncate text-xs text-muted-foreground">{t(`userMenu.roles.${current.role}`)}</span>}
              </span>
              <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            </>
          )}
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-64">
        <DropdownMenuLabel>{t("userMenu.switchAccount")}</DropdownMenuLabel>
        {accounts.map((a) => (
          <DropdownMenuItem key={a.accountId} onSelect={() => go(`/${a.accountId}/dashboard`)}>
            <Building2 />
            <span dir="auto" className="min-w-0 flex-1 truncate align-page-start">
              {a.name}
            </span>
            {a.accountId === currentAccountId && <Check className="size-4 text-primary" />}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => go("/accounts")}>
          <Plus />
          {t("userMenu.accounts")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
