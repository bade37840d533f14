import i18next, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import { directionOf, getPreferences, LANGUAGES, setPreferences, type Language } from "./preferences";
import { isolateForLanguage } from "./bidi-isolate";
import { unnestQuotes } from "./quotes";
import { isOffline, loadWhenOnline } from "./connection";

/**
 * i18next with ru as default and fallback. The Russian `common` namespace is bundled (the shell
 * and the fallback need it at once); every other table (web/locales/<lng>/<ns>.json) loads on
 * demand, so a page only downloads its own texts. `i18nReady` resolves once the stored language's
 * `common` is there (main.tsx waits for it before the first render).
 */
type Dict = Record<string, unknown>;
const bundled = import.meta.glob<Dict>("../locales/ru/common.json", { eager: true, import: "default" });
const lazy = import.meta.glob<Dict>(["../locales/*/*.json", "!../locales/ru/common.json"], { import: "default" });

export const DEFAULT_LANGUAGE: Language = "ru";
export const SWITCHER_LANGUAGES: Language[] = ["ru", "en"];

const resources: Record<string, Record<string, Dict>> = {};
for (const [path, dict] of Object.entries(bundled)) {
  const lng = path.split("/").at(-2)!;
  resources[lng] = { common: dict };
}

/** Tables ("lng|ns") that failed to load while the browser was offline. */
const failedOffline = new Set<string>();

const lazyBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const loader = lazy[`../locales/${language}/${namespace}.json`];
    if (!loader) {
      callback(null, {});
      return;
    }
    loader().then(
      (data) => callback(null, data as never),
      (error: unknown) => {
        // Without a connection: read again when it returns (below); the texts show their keys meanwhile.
        if (isOffline()) failedOffline.add(`${language}|${namespace}`);
        callback(error as Error, null);
      },
    );
  },
};

export const i18n = i18next.createInstance();

const initialLanguage = getPreferences().language ?? DEFAULT_LANGUAGE;
void i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .use({ type: "postProcessor", name: "unnestQuotes", process: (value: string, _key: unknown, _opts: unknown, t: { language?: string }) => unnestQuotes(value, t?.language) })
  // Every interpolated value passes here (alwaysFormat): in Arabic, a value with left-to-right letters is isolated (lib/bidi-isolate.ts).
  // This module replaces i18next's formatter: the one format the tables use is `{{count, number}}`
  // (thousands grouped in the language's way: «1 668 контактов»).
  .use({
    type: "formatter",
    init() {},
    add() {},
    addCached() {},
    format: (value: unknown, format: unknown, lng: string | undefined) =>
      isolateForLanguage(format === "number" && typeof value === "number" ? formatNumber(value) : value, lng),
  })
  .init({
    postProcess: ["unnestQuotes"],
    resources,
    partialBundledLanguages: true,
    lng: initialLanguage,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    ns: ["common"],
    defaultNS: "common",
    fallbackNS: "common",
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
    initAsync: false,
    react: { useSuspense: true },
  });

export const i18nReady: Promise<unknown> =
  initialLanguage === DEFAULT_LANGUAGE ? Promise.resolve() : i18n.loadLanguages(initialLanguage).catch(() => undefined);

/** Namespaces available on disk (for every language that has them). */
export const availableNamespaces = Array.from(
  new Set([...Object.keys(bundled), ...Object.keys(lazy)].map((p) => p.split("/").at(-1)!.replace(/\.json$/, ""))),
);

/** Tables of `namespaces` the current language (and its fallback) has on disk but not in memory. */
function missingNamespaces(namespaces: string[]): string[] {
  const languages = i18n.languages?.length ? i18n.languages : [i18n.language];
  return namespaces.filter((ns) => languages.some((lng) => `../locales/${lng}/${ns}.json` in lazy && !i18n.hasResourceBundle(lng, ns)));
}

function reloadNamespaces(namespaces: string[]) {
  const languages = i18n.languages?.length ? [...i18n.languages] : [i18n.language];
  return i18n.reloadResources(languages, namespaces);
}

/**
 * Loads translation tables (a page's, before it shows). Without a connection it waits for it
 * (web/lib/connection.ts), like the page's code: the page then opens with its texts, not their keys.
 */
export async function loadNamespaces(ns: string | string[]) {
  const namespaces = Array.isArray(ns) ? ns : [ns];
  await i18n.loadNamespaces(namespaces);
  if (!isOffline() || !missingNamespaces(namespaces).length) return;
  await loadWhenOnline(async () => {
    const missing = missingNamespaces(namespaces);
    if (!missing.length) return;
    await reloadNamespaces(missing);
    if (missingNamespaces(namespaces).length) throw new Error(`Translations not loaded: ${missing.join(", ")}`);
  });
}

// Tables a component asked for while offline are read again when the connection returns, and the
// texts shown with their keys meanwhile re-render (a language "change" to the same language).
if (typeof window !== "undefined") {
  window.addEventListener("online", () => {
    if (!failedOffline.size) return;
    const namespaces = [...new Set([...failedOffline].map((name) => name.split("|")[1]!))];
    failedOffline.clear();
    void reloadNamespaces(namespaces)
      .then(() => i18n.changeLanguage(i18n.language))
      .catch(() => undefined);
  });
}

/** Changes the UI language, stores it as a preference and flips the page direction. */
export async function setLanguage(language: Language) {
  await i18n.loadLanguages(language).catch(() => undefined);
  setPreferences({ language });
  await i18n.changeLanguage(language);
  document.documentElement.dir = directionOf(language);
  document.documentElement.lang = language;
}

/** The BCP 47 tag for dates and numbers in the interface language (never the browser's): ru-RU, en-GB, ar, fr-FR. */
export function localeTag(): string {
  const lng = (i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE).slice(0, 2);
  return ({ ru: "ru-RU", en: "en-GB", ar: "ar", fr: "fr-FR" } as Record<string, string>)[lng] ?? "ru-RU";
}

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/** 24-hour time, e.g. 14:05. */
export function formatTime(value: Date | string | number): string {
  return new Intl.DateTimeFormat(localeTag(), { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(toDate(value));
}

/** A date such as 12.03.2026 (ru) or 12 Mar 2026 with `long`. */
export function formatDate(value: Date | string | number, opts: { long?: boolean; withTime?: boolean } = {}): string {
  const date = toDate(value);
  const text = new Intl.DateTimeFormat(
    localeTag(),
    opts.long ? { day: "numeric", month: "long", year: "numeric" } : { day: "2-digit", month: "2-digit", year: "numeric" },
  ).format(date);
  return opts.withTime ? `${text}, ${formatTime(date)}` : text;
}

/** A count with the language's digit grouping, e.g. 10 000 (ru) or 10,000 (en). */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat(localeTag()).format(value);
}

/** Money kept as integer kopecks, shown in roubles with the rouble sign in every language: 3 900 ₽, 490,50 ₽, ₽3,900. */
export function formatRub(kopecks: number): string {
  return new Intl.NumberFormat(localeTag(), { style: "currency", currency: "RUB", currencyDisplay: "narrowSymbol", minimumFractionDigits: kopecks % 100 ? 2 : 0, maximumFractionDigits: 2 }).format(kopecks / 100);
}

/** Today → time only; this year → day and month; older → full date. */
export function formatRelative(value: Date | string | number, now: Date = new Date()): string {
  const date = toDate(value);
  const sameDay = date.toDateString() === now.toDateString();
  if (sameDay) return formatTime(date);
  if (date.getFullYear() === now.getFullYear()) {
    return new Intl.DateTimeFormat(localeTag(), { day: "numeric", month: "short" }).format(date);
  }
  return formatDate(date);
}

export default i18n;
