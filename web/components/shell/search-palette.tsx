import { Building2, Languages, LogOut, Moon, Search, Sun } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { CommandDialog, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList, CommandSeparator } from "../ui/command";
import { useNavItems } from "./use-nav-items";
import { setLanguage } from "@/lib/i18n";
import { resolvedTheme, setPreferences } from "@/lib/preferences";
import { useSession } from "@/lib/session";
import { cn } from "@/lib/utils";

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/** The navbar search: a command palette over the pages the user may open (Ctrl/Cmd+K). */
export function SearchPalette({ className }: { className?: string }) {
  const { t, i18n } = useTranslation("common");
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const items = useNavItems();
  const { accounts, currentAccountId, signOut } = useSession();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k") {
        e.preventDefault();
        setOpen((o) => !o);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const run = (fn: () => void) => {
    setOpen(false);
    fn();
  };
  const dark = resolvedTheme() === "dark";

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        data-testid="search-open"
        className={cn("group flex cursor-pointer items-center gap-2.5 rounded-md px-1 py-1.5 text-muted-foreground outline-none focus-visible:ring-3 focus-visible:ring-primary/30", className)}
      >
        <Search className="size-[1.375rem] text-heading" aria-hidden />
        {/* Named by its text, not aria-label (WCAG 2.5.3: a label must contain the visible words). */}
        <span className="sr-only">{t("search.open")}</span>
        <span aria-hidden className="hidden text-[0.9375rem] md:inline">{t("search.placeholder")}</span>
        <kbd aria-hidden className="hidden rounded border border-border px-1.5 py-0.5 font-sans text-xs md:inline">{isMac ? "⌘ K" : "Ctrl K"}</kbd>
      </button>
      <CommandDialog open={open} onOpenChange={setOpen} title={t("search.open")}>
        <CommandInput placeholder={t("search.inputPlaceholder")} />
        <CommandList>
          <CommandEmpty>{t("search.empty")}</CommandEmpty>
          <CommandGroup heading={t("search.pages")}>
            {items.map((item) => (
              <CommandItem key={item.id} value={`${t(item.titleKey)} ${item.id}`} onSelect={() => run(() => void navigate(item.to))}>
                <item.icon className="text-muted-foreground" />
                {t(item.titleKey)}
              </CommandItem>
            ))}
          </CommandGroup>
          {accounts.length > 1 && (
            <>
              <CommandSeparator />
              <CommandGroup heading={t("search.accounts")}>
                {accounts
                  .filter((a) => a.accountId !== currentAccountId)
                  .map((a) => (
                    <CommandItem key={a.accountId} value={`account ${a.name}`} onSelect={() => run(() => void navigate(`/${a.accountId}/dashboard`))}>
                      <Building2 className="text-muted-foreground" />
                      {a.name}
                    </CommandItem>
                  ))}
              </CommandGroup>
            </>
          )}
          <CommandSeparator />
          <CommandGroup heading={t("search.actions")}>
            <CommandItem value={`theme ${t("theme.title")}`} onSelect={() => run(() => setPreferences({ theme: dark ? "light" : "dark" }))}>
              {dark ? <Sun className="text-muted-foreground" /> : <Moon className="text-muted-foreground" />}
              {t("theme.title")}: {dark ? t("theme.light") : t("theme.dark")}
            </CommandItem>
            <CommandItem
              value={`language ${t("language.title")}`}
              onSelect={() => run(() => void setLanguage(i18n.language === "ru" ? "en" : "ru"))}
            >
              <Languages className="text-muted-foreground" />
              {t("language.title")}: {i18n.language === "ru" ? t("language.en") : t("language.ru")}
            </CommandItem>
            <CommandItem value={`signout ${t("userMenu.signOut")}`} onSelect={() => run(() => void signOut())}>
              <LogOut className="text-muted-foreground" />
              {t("userMenu.signOut")}
            </CommandItem>
          </CommandGroup>
        </CommandList>
      </CommandDialog>
    </>
  );
}
