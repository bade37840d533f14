import { Building2, LifeBuoy, LogOut, Settings, ShieldCheck, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Avatar, AvatarFallback, AvatarStatusBadge, initials } from "../ui/avatar";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "../ui/dropdown-menu";
import { isModuleMounted } from "@/lib/route-modules";
import { useSession } from "@/lib/session";

export function UserMenu() {
  const { t } = useTranslation("common");
  const navigate = useNavigate();
  const { user, currentAccountId, accounts, signOut } = useSession();
  const account = accounts.find((a) => a.accountId === currentAccountId);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button type="button" data-testid="user-menu" className="relative ms-1 cursor-pointer rounded-full outline-none focus-visible:ring-3 focus-visible:ring-primary/30">
          {/* Named by its text, not aria-label: axe wants a label to contain the visible initials (WCAG 2.5.3). */}
          <span className="sr-only">{t("userMenu.open")}</span>
          <Avatar aria-hidden>
            <AvatarFallback>{initials(user?.name)}</AvatarFallback>
          </Avatar>
          <AvatarStatusBadge status="online" />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <div className="flex items-center gap-3 px-3 py-2.5">
          <div className="relative">
            <Avatar>
              <AvatarFallback>{initials(user?.name)}</AvatarFallback>
            </Avatar>
            <AvatarStatusBadge status="online" />
          </div>
          <div className="min-w-0">
            <p className="truncate font-medium text-heading">{user?.name}</p>
            <p className="truncate text-[0.8125rem] text-muted-foreground">{account ? t(`userMenu.roles.${account.role}`) : user?.email}</p>
          </div>
        </div>
        <DropdownMenuSeparator />
        {isModuleMounted("profile") && (
          <DropdownMenuItem onSelect={() => void navigate("/profile")}>
            <UserRound /> {t("userMenu.profile")}
          </DropdownMenuItem>
        )}
        {currentAccountId && isModuleMounted("account/account-settings") && (
          <DropdownMenuItem onSelect={() => void navigate(`/${currentAccountId}/account-settings`)}>
            <Settings /> {t("userMenu.accountSettings")}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => void navigate("/accounts")}>
          <Building2 /> {t("userMenu.accounts")}
        </DropdownMenuItem>
        {user?.isPlatformAdmin && isModuleMounted("admin/index") && (
          <DropdownMenuItem onSelect={() => void navigate("/admin")}>
            <ShieldCheck /> {t("userMenu.admin")}
          </DropdownMenuItem>
        )}
        {isModuleMounted("help-center/index") && (
          <DropdownMenuItem onSelect={() => void navigate("/help-center")} data-testid="user-menu-help">
            <LifeBuoy /> {t("userMenu.helpCenter")}
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => void signOut()} data-testid="sign-out">
          <LogOut /> {t("userMenu.signOut")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
