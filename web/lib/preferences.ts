import { useSyncExternalStore } from "react";
import { createStore } from "./utils";

/** Stored UI preferences (SPEC §3): persisted in localStorage and applied at start. */
export type ThemeMode = "light" | "dark" | "system";
export type Skin = "default" | "bordered";
export type NavType = "vertical" | "horizontal";
export type ContentWidth = "compact" | "wide";
export type FooterType = "static" | "sticky" | "hidden";
export type NavbarType = "sticky" | "static" | "hidden";
export type HorizontalNavType = "sticky" | "static" | "hidden";
export type Language = "ru" | "en" | "ar" | "fr";

export interface Preferences {
  theme: ThemeMode;
  skin: Skin;
  semiDarkNav: boolean;
  navbarBlur: boolean;
  navCollapsed: boolean;
  contentWidth: ContentWidth;
  navType: NavType;
  footerType: FooterType;
  navbarType: NavbarType;
  horizontalNavType: HorizontalNavType;
  language: Language;
  lightPrimary: string;
  lightPrimaryDarken: string;
  darkPrimary: string;
  darkPrimaryDarken: string;
}

export const PREFERENCES_KEY = "preferences";
export const LANGUAGES: Language[] = ["ru", "en", "ar", "fr"];
export const RTL_LANGUAGES: Language[] = ["ar"];

const envTheme = import.meta.env.VITE_DEFAULT_THEME as ThemeMode | undefined;

export const DEFAULT_PREFERENCES: Preferences = {
  theme: envTheme === "dark" || envTheme === "system" ? envTheme : "light",
  skin: "default",
  semiDarkNav: false,
  navbarBlur: true,
  navCollapsed: false,
  contentWidth: "compact",
  navType: "vertical",
  footerType: "static",
  navbarType: "sticky",
  horizontalNavType: "sticky",
  language: "ru",
  lightPrimary: "#685BE6",
  lightPrimaryDarken: "#5B4FD8",
  darkPrimary: "#685BE6",
  darkPrimaryDarken: "#5B4FD8",
};

/** The first violet (white text on it was 4.3:1, under AA) as stored by earlier visits: read as today's. */
const LEGACY_PRIMARY: Record<string, string> = { "#7367F0": "#685BE6", "#675DD8": "#5B4FD8" };

function read(): Preferences {
  try {
    const raw = typeof localStorage !== "undefined" ? localStorage.getItem(PREFERENCES_KEY) : null;
    if (!raw) return { ...DEFAULT_PREFERENCES };
    const parsed = JSON.parse(raw) as Partial<Preferences>;
    const merged = { ...DEFAULT_PREFERENCES, ...parsed };
    for (const k of ["lightPrimary", "lightPrimaryDarken", "darkPrimary", "darkPrimaryDarken"] as const) merged[k] = LEGACY_PRIMARY[merged[k]?.toUpperCase()] ?? merged[k];
    if (!LANGUAGES.includes(merged.language)) merged.language = "ru";
    return merged;
  } catch {
    return { ...DEFAULT_PREFERENCES };
  }
}

const store = createStore<Preferences>(read());

export const getPreferences = store.get;
export const subscribePreferences = store.subscribe;

/** Re-reads localStorage (used at start and by tests). */
export function loadPreferences(): Preferences {
  store.set(read());
  return store.get();
}

export function setPreferences(patch: Partial<Preferences>) {
  store.set((p) => ({ ...p, ...patch }));
  try {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify(store.get()));
  } catch {
    // Private mode or a full quota: the preference still applies for this visit.
  }
  applyPreferences();
}

export function resetPreferences() {
  try {
    localStorage.removeItem(PREFERENCES_KEY);
  } catch {
    /* ignore */
  }
  store.set({ ...DEFAULT_PREFERENCES });
  applyPreferences();
}

export function usePreferences(): Preferences {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

export function systemPrefersDark(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches;
}

export function resolvedTheme(p: Preferences = store.get()): "light" | "dark" {
  return p.theme === "system" ? (systemPrefersDark() ? "dark" : "light") : p.theme;
}

export function directionOf(language: Language): "rtl" | "ltr" {
  return RTL_LANGUAGES.includes(language) ? "rtl" : "ltr";
}

/** Puts the preferences on <html>: theme class, skin, direction, language and primary colours. */
export function applyPreferences(p: Preferences = store.get()) {
  if (typeof document === "undefined") return;
  const root = document.documentElement;
  const theme = resolvedTheme(p);
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
  root.dataset.skin = p.skin;
  root.dataset.semiDark = String(p.semiDarkNav);
  root.dir = directionOf(p.language);
  root.lang = p.language;
  const primary = theme === "dark" ? p.darkPrimary : p.lightPrimary;
  const darken = theme === "dark" ? p.darkPrimaryDarken : p.lightPrimaryDarken;
  root.style.setProperty("--color-primary", primary);
  root.style.setProperty("--color-primary-darken", darken);
}

let systemWatch: MediaQueryList | null = null;
/** Applies the stored preferences and follows the OS theme while the theme is "system". */
export function initPreferences() {
  loadPreferences();
  applyPreferences();
  if (!systemWatch && typeof matchMedia === "function") {
    systemWatch = matchMedia("(prefers-color-scheme: dark)");
    systemWatch.addEventListener?.("change", () => {
      if (store.get().theme === "system") applyPreferences();
    });
  }
}
