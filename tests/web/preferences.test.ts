import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_PREFERENCES, getPreferences, initPreferences, PREFERENCES_KEY, resetPreferences, setPreferences } from "@/lib/preferences";
import { i18n, setLanguage } from "@/lib/i18n";

describe("stored UI preferences (SPEC §3, §4)", () => {
  beforeEach(() => {
    localStorage.clear();
    resetPreferences();
  });

  it("defaults: light theme, default skin, vertical nav, ru, violet primary", () => {
    expect(getPreferences()).toMatchObject({ theme: "light", skin: "default", navType: "vertical", language: "ru", lightPrimary: "#685BE6", lightPrimaryDarken: "#5B4FD8" });
  });

  it("persist in localStorage and apply to <html>", () => {
    setPreferences({ theme: "dark", skin: "bordered", navCollapsed: true, contentWidth: "wide" });
    const stored = JSON.parse(localStorage.getItem(PREFERENCES_KEY)!);
    expect(stored).toMatchObject({ theme: "dark", skin: "bordered", navCollapsed: true, contentWidth: "wide" });
    const html = document.documentElement;
    expect(html.classList.contains("dark")).toBe(true);
    expect(html.dataset.skin).toBe("bordered");
    setPreferences({ theme: "light" });
    expect(html.classList.contains("dark")).toBe(false);
  });

  it("are read back and applied at start (a new visit)", () => {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ ...DEFAULT_PREFERENCES, theme: "dark", language: "ar", navType: "horizontal" }));
    document.documentElement.className = "";
    initPreferences();
    expect(getPreferences()).toMatchObject({ theme: "dark", language: "ar", navType: "horizontal" });
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    expect(document.documentElement.dir).toBe("rtl");
    expect(document.documentElement.lang).toBe("ar");
  });

  it("ignore broken or unknown stored values", () => {
    localStorage.setItem(PREFERENCES_KEY, "{not json");
    initPreferences();
    expect(getPreferences()).toEqual(DEFAULT_PREFERENCES);
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ language: "de" }));
    initPreferences();
    expect(getPreferences().language).toBe("ru");
  });

  it("switching the language stores it, changes i18next and the direction", async () => {
    await setLanguage("en");
    expect(JSON.parse(localStorage.getItem(PREFERENCES_KEY)!).language).toBe("en");
    expect(i18n.language).toBe("en");
    expect(i18n.t("common:confirm.cancel")).toBe("Cancel");
    expect(document.documentElement.dir).toBe("ltr");
    await setLanguage("ar");
    expect(document.documentElement.dir).toBe("rtl");
    await setLanguage("ru");
    expect(i18n.t("common:confirm.cancel")).toBe("Отмена");
    expect(document.documentElement.dir).toBe("ltr");
  });
});
