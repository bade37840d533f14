import { LayoutGrid } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Popover, PopoverContent, PopoverTrigger } from "../ui/popover";
import { MenuHeader } from "./menu-header";
import { NavbarIconButton } from "./navbar-icon-button";
import { useNavItems } from "./use-nav-items";

/** A grid of the most used sections (the shortcuts menu of §2.4). */
export function ShortcutsMenu() {
  const { t } = useTranslation("common");
  const [open, setOpen] = useState(false);
  const items = useNavItems().filter((i) => i.shortcut).slice(0, 6);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <NavbarIconButton label={t("shortcuts.open")} data-testid="shortcuts-open">
          <LayoutGrid />
        </NavbarIconButton>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[20rem] p-0">
        <MenuHeader title={t("shortcuts.title")} description={t("shortcuts.description")} />
        {items.length === 0 ? (
          <p className="px-5 py-8 text-center text-muted-foreground">{t("shortcuts.empty")}</p>
        ) : (
          <div className="grid grid-cols-2">
            {items.map((item, i) => (
              <Link
                key={item.id}
                to={item.to}
                onClick={() => setOpen(false)}
                className={`flex flex-col items-center gap-2 border-border px-3 py-5 text-center transition-colors outline-none hover:bg-muted focus-visible:bg-muted dark:hover:bg-white/4 ${i % 2 === 0 ? "border-e" : ""} ${i < items.length - 2 ? "border-b" : ""}`}
              >
                <span className="flex size-12 items-center justify-center rounded-full bg-muted text-heading dark:bg-white/8">
                  <item.icon className="size-[1.375rem]" aria-hidden />
                </span>
                <span className="text-[0.9375rem] font-medium text-heading">{t(item.titleKey)}</span>
              </Link>
            ))}
          </div>
        )}
      </PopoverContent>
    </Popover>
  );
}
