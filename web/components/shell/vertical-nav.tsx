import { CircleDot, Circle, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { groupNavItems } from "../navigation";
import { Brand } from "./brand";
import { useNavItems } from "./use-nav-items";
import { AccountSwitcher } from "./account-switcher";
import { cn } from "@/lib/utils";

export const NAV_WIDTH = 260;
export const NAV_COLLAPSED_WIDTH = 72;

interface VerticalNavProps {
  /** Icons only (the desktop collapsed state, unless hovered). */
  mini?: boolean;
  onToggleCollapse?: () => void;
  collapsed?: boolean;
  onClose?: () => void;
  onNavigate?: () => void;
}

/** The vertical menu: brand, account switcher, grouped items with the active one in the primary gradient. */
export function VerticalNavContent({ mini, onToggleCollapse, collapsed, onClose, onNavigate }: VerticalNavProps) {
  const { t } = useTranslation("common");
  const groups = groupNavItems(useNavItems());
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center justify-between ps-5 pe-4">
        <Link to="/" className="rounded-md outline-none focus-visible:ring-3 focus-visible:ring-primary/30" onClick={onNavigate}>
          <Brand collapsed={mini} />
        </Link>
        {onToggleCollapse && !mini && (
          <button
            type="button"
            onClick={onToggleCollapse}
            aria-label={collapsed ? t("nav.expand") : t("nav.collapse")}
            aria-pressed={!collapsed}
            className="flex size-7 cursor-pointer items-center justify-center rounded-full text-heading transition-colors hover:text-primary"
          >
            {collapsed ? <Circle className="size-5" /> : <CircleDot className="size-5" />}
          </button>
        )}
        {onClose && (
          <button type="button" onClick={onClose} aria-label={t("nav.closeMenu")} className="flex size-8 cursor-pointer items-center justify-center rounded-full hover:bg-muted">
            <X className="size-5" />
          </button>
        )}
      </div>
      <div className={cn("px-4 pb-2", mini && "px-3")}>
        <AccountSwitcher mini={mini} onNavigate={onNavigate} />
      </div>
      <nav aria-label={t("nav.mainNavigation")} className="flex-1 overflow-y-auto overflow-x-hidden px-4 pb-6 scrollbar-thin">
        {groups.map(({ group, items }) => (
          <div key={group} className="mt-3 first:mt-1">
            <div className="flex h-9 items-center px-3 text-[0.8125rem] tracking-[0.4px] text-muted-foreground uppercase">
              {mini ? <span className="mx-auto h-px w-4 bg-muted-foreground/50" /> : <span className="truncate">{t(`nav.groups.${group}`)}</span>}
            </div>
            <ul className="space-y-1">
              {items.map((item) => (
                <li key={item.id}>
                  <NavLink
                    to={item.to}
                    // /admin is not active on /admin/broadcast-packages, which has an item of its own
                    end={items.some((other) => other.to.startsWith(`${item.to}/`))}
                    onClick={onNavigate}
                    title={mini ? t(item.titleKey) : undefined}
                    data-testid={`nav-${item.id}`}
                    className={({ isActive }) =>
                      cn(
                        "flex h-[2.375rem] items-center gap-2.5 rounded-md px-3 text-[0.9375rem] text-heading transition-colors outline-none focus-visible:ring-3 focus-visible:ring-primary/30",
                        isActive
                          ? "bg-primary-gradient text-white shadow-[0_2px_6px_0_color-mix(in_srgb,var(--color-primary)_30%,transparent)]"
                          : "hover:bg-muted dark:hover:bg-white/6",
                        mini && "justify-center px-0",
                      )
                    }
                  >
                    <item.icon className="size-[1.375rem] shrink-0" aria-hidden />
                    {!mini && <span className="truncate">{t(item.navTitleKey ?? item.titleKey)}</span>}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </div>
  );
}
