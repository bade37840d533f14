import { ChevronDown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { NavLink, useLocation, useNavigate } from "react-router";
import { groupNavItems } from "../navigation";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../ui/dropdown-menu";
import { useNavItems } from "./use-nav-items";
import { cn } from "@/lib/utils";

/** One bar of top-level groups with popover menus (offset 6, SPEC §9). */
export function HorizontalNav() {
  const { t } = useTranslation("common");
  const groups = groupNavItems(useNavItems());
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const itemClass = (active: boolean) =>
    cn(
      "flex h-[2.375rem] cursor-pointer items-center gap-2 rounded-md px-4 text-[0.9375rem] text-heading transition-colors outline-none focus-visible:ring-3 focus-visible:ring-primary/30",
      active ? "bg-primary-gradient text-white shadow-[0_2px_6px_0_color-mix(in_srgb,var(--color-primary)_30%,transparent)]" : "hover:bg-muted dark:hover:bg-white/6",
    );
  return (
    <nav aria-label={t("nav.mainNavigation")} className="flex flex-wrap items-center gap-1" data-testid="horizontal-nav">
      {groups.map(({ group, items }) => {
        if (items.length === 1) {
          const item = items[0];
          return (
            <NavLink key={group} to={item.to} className={({ isActive }) => itemClass(isActive)} data-testid={`nav-${item.id}`}>
              <item.icon className="size-[1.375rem]" aria-hidden />
              {t(item.navTitleKey ?? item.titleKey)}
            </NavLink>
          );
        }
        const active = items.some((i) => pathname === i.to || pathname.startsWith(`${i.to}/`));
        const GroupIcon = items[0].icon;
        return (
          <DropdownMenu key={group}>
            <DropdownMenuTrigger className={itemClass(active)}>
              <GroupIcon className="size-[1.375rem]" aria-hidden />
              {t(`nav.groups.${group}`)}
              <ChevronDown className="size-4 opacity-70" aria-hidden />
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start" sideOffset={6} className="w-60">
              {items.map((item) => (
                <DropdownMenuItem key={item.id} onSelect={() => void navigate(item.to)} data-testid={`nav-${item.id}`} className={cn(pathname === item.to && "bg-primary/10 text-primary")}>
                  <item.icon /> {t(item.navTitleKey ?? item.titleKey)}
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        );
      })}
    </nav>
  );
}
