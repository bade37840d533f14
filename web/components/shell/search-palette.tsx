import { Bot, Building2, CircleAlert, Languages, LayoutTemplate, LogOut, Moon, Search, Sun, UserRound } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { CommandDialog, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList, CommandLoading, CommandSeparator } from "../ui/command";
import { Spinner } from "../ui/spinner";
import { PALETTE_MIN_CHARS, usePaletteSearch } from "./use-palette-search";
import { useNavItems } from "./use-nav-items";
import { useAbility } from "@/lib/ability";
import { setLanguage } from "@/lib/i18n";
import { resolvedTheme, setPreferences } from "@/lib/preferences";
import { useSession } from "@/lib/session";
import { cn } from "@/lib/utils";

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

const matches = (text: string, q: string) => !q || text.toLocaleLowerCase().includes(q.toLocaleLowerCase());

/**
 * The navbar search (Ctrl/Cmd+K): the pages the user may open, their other accounts and a few
 * actions filtered as they type, and, from two characters on, the account's contacts and
 * assistants and the templates library found through the API (debounced), grouped by kind.
 * Arrow keys move, Enter opens, Escape closes (cmdk).
 */
export function SearchPalette({ className }: { className?: string }) {
  const { t } = useTranslation("common");
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const navigate = useNavigate();
  const { currentAccountId } = useSession();
  const found = usePaletteSearch(text, currentAccountId, open);

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

  // Every opening starts from an empty query.
  useEffect(() => {
    if (!open) setText("");
  }, [open]);

  const run = (fn: () => void) => {
    setOpen(false);
    fn();
  };
  const go = (to: string) => run(() => void navigate(to));
  const q = text.trim();

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
      <CommandDialog open={open} onOpenChange={setOpen} title={t("search.open")} shouldFilter={false}>
        <CommandInput placeholder={t("search.inputPlaceholder")} value={text} onValueChange={setText} data-testid="search-input" />
        <CommandList data-testid="search-results">
          {!found.loading && <CommandEmpty data-testid="search-empty">{t("search.empty")}</CommandEmpty>}
          <FoundResults found={found} accountId={currentAccountId} go={go} />
          <LocalResults q={q} go={go} run={run} />
        </CommandList>
        {q.length > 0 && q.length < PALETTE_MIN_CHARS && (
          <p className="border-t px-4 py-2 text-[0.8125rem] text-muted-foreground" data-testid="search-hint">
            {t("search.minChars")}
          </p>
        )}
      </CommandDialog>
    </>
  );
}

/** What the API found: contacts, assistants, templates; the failure line and the searching row. */
function FoundResults({ found, accountId, go }: { found: ReturnType<typeof usePaletteSearch>; accountId: string | null; go: (to: string) => void }) {
  const { t } = useTranslation("common");
  const canEditAssistants = useAbility().can("update", "Assistant");
  const hasResults = found.contacts.length + found.assistants.length + found.templates.length > 0;
  return (
    <>
      {found.active && found.failed && !hasResults && !found.loading && (
        <p className="flex items-center gap-2 px-3 py-2 text-[0.8125rem] text-destructive" role="alert" data-testid="search-failed">
          <CircleAlert className="size-4 shrink-0" aria-hidden />
          {t("search.failed")}
        </p>
      )}
      {found.contacts.length > 0 && (
        <ResultGroup heading={t("search.contacts")} testId="search-group-contacts">
          {found.contacts.map((c) => (
            <CommandItem key={c.contactId} value={`contact-${c.contactId}`} onSelect={() => go(`/${accountId}/contacts/${c.contactId}`)} data-testid="search-contact">
              <UserRound className="text-muted-foreground" />
              <span className="truncate">{c.name || c.platformUsername || c.phone || c.platformUserId}</span>
              <span className="ms-auto truncate text-[0.8125rem] text-muted-foreground">{[c.platformUsername && `@${c.platformUsername}`, c.phone].filter(Boolean).join(" · ")}</span>
            </CommandItem>
          ))}
        </ResultGroup>
      )}
      {found.assistants.length > 0 && (
        <ResultGroup heading={t("search.assistants")} testId="search-group-assistants">
          {found.assistants.map((a) => (
            <CommandItem key={a.assistantId} value={`assistant-${a.assistantId}`} onSelect={() => go(`/${accountId}/assistants/${a.assistantId}`)} data-testid="search-assistant">
              <Bot className={a.isActive ? "text-primary" : "text-muted-foreground"} />
              <span className="truncate">{a.name}</span>
              {/* A member who may not edit assistants opens them to read. */}
              <span className="ms-auto shrink-0 text-[0.8125rem] text-muted-foreground">{canEditAssistants ? t("search.edit") : t("search.view")}</span>
            </CommandItem>
          ))}
        </ResultGroup>
      )}
      {found.templates.length > 0 && (
        <ResultGroup heading={t("search.templates")} testId="search-group-templates">
          {found.templates.map((tpl) => (
            <CommandItem key={tpl.templateId} value={`template-${tpl.templateId}`} onSelect={() => go(`/assistant-templates?q=${encodeURIComponent(tpl.name)}`)} data-testid="search-template">
              <LayoutTemplate className="text-muted-foreground" />
              <span className="truncate">{tpl.name}</span>
            </CommandItem>
          ))}
        </ResultGroup>
      )}
      {found.loading && (
        <CommandLoading>
          <div className="flex items-center gap-2 px-3 py-2.5 text-[0.8125rem] text-muted-foreground" data-testid="search-loading">
            <Spinner className="size-4" />
            {t("search.searching")}
          </div>
        </CommandLoading>
      )}
    </>
  );
}

/** Filtered on the client as the user types: the pages they may open, their other accounts, a few actions. */
function LocalResults({ q, go, run }: { q: string; go: (to: string) => void; run: (fn: () => void) => void }) {
  const { t, i18n } = useTranslation("common");
  const items = useNavItems();
  const { accounts, currentAccountId, signOut } = useSession();
  const dark = resolvedTheme() === "dark";
  const pages = items.filter((item) => matches(`${t(item.titleKey)} ${t(item.navTitleKey ?? item.titleKey)}`, q));
  const otherAccounts = accounts.filter((a) => a.accountId !== currentAccountId && matches(a.name, q));
  const actions = [
    {
      id: "theme",
      label: `${t("theme.title")}: ${dark ? t("theme.light") : t("theme.dark")}`,
      icon: dark ? Sun : Moon,
      onSelect: () => setPreferences({ theme: dark ? "light" : "dark" }),
    },
    {
      id: "language",
      label: `${t("language.title")}: ${i18n.language === "ru" ? t("language.en") : t("language.ru")}`,
      icon: Languages,
      onSelect: () => void setLanguage(i18n.language === "ru" ? "en" : "ru"),
    },
    { id: "signout", label: t("userMenu.signOut"), icon: LogOut, onSelect: () => void signOut() },
  ].filter((a) => matches(a.label, q));
  return (
    <>
      {pages.length > 0 && (
        <ResultGroup heading={t("search.pages")} testId="search-group-pages">
          {pages.map((item) => (
            <CommandItem key={item.id} value={`page-${item.id}`} onSelect={() => go(item.to)} data-testid={`search-page-${item.id}`}>
              <item.icon className="text-muted-foreground" />
              {t(item.titleKey)}
            </CommandItem>
          ))}
        </ResultGroup>
      )}
      {otherAccounts.length > 0 && (
        <ResultGroup heading={t("search.accounts")}>
          {otherAccounts.map((a) => (
            <CommandItem key={a.accountId} value={`account-${a.accountId}`} onSelect={() => go(`/${a.accountId}/dashboard`)}>
              <Building2 className="text-muted-foreground" />
              {a.name}
            </CommandItem>
          ))}
        </ResultGroup>
      )}
      {actions.length > 0 && (
        <ResultGroup heading={t("search.actions")}>
          {actions.map((a) => (
            <CommandItem key={a.id} value={`action-${a.id}`} onSelect={() => run(a.onSelect)}>
              <a.icon className="text-muted-foreground" />
              {a.label}
            </CommandItem>
          ))}
        </ResultGroup>
      )}
    </>
  );
}

function ResultGroup({ heading, testId, children }: { heading: string; testId?: string; children: ReactNode }) {
  return (
    <>
      <CommandSeparator className="first:hidden" />
      <CommandGroup heading={heading} data-testid={testId}>
        {children}
      </CommandGroup>
    </>
  );
}
