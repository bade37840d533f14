import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { cleanup, render } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { initials } from "@/components/ui/avatar";
import { InitialsAvatar } from "@/features/accounts/components/initials-avatar";
import { ContactAvatar } from "@/features/chat/components/platform-icon";
import { i18n } from "@/lib/i18n";
import { unnestQuotes } from "@/lib/quotes";

/** Names with quotes (issue #13): sensible initials everywhere, and texts that never double quotes. */
beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["dashboard", "chat", "settings"]);
});
afterEach(cleanup);

describe("initials", () => {
  it.each([
    ["Кофейня «Зерно»", "КЗ"],
    ["«Кофейня «Зерно»»", "КЗ"],
    ["Д «Ромашка»", "ДР"],
    ['ООО "Вектор"', "ОВ"],
    ["Анна Смирнова", "АС"],
    ["анна-мария иванова", "АИ"],
    ["masha.decor", "M"],
    ["  — Ольга  ", "О"],
    ["7 Небо", "7Н"],
    ["«»", "?"],
    ["", "?"],
    [null, "?"],
  ])("%s → %s", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it("is the one helper behind the account and the contact avatars", () => {
    const a = render(<InitialsAvatar name="Кофейня «Зерно»" />);
    expect(a.container.textContent).toBe("КЗ");
    const c = render(<ContactAvatar contact={{ name: "«Кофейня «Зерно»»", avatar: null, platform: "TELEGRAM", status: null }} />);
    expect(c.container.querySelector("[data-slot=avatar-fallback]")?.textContent).toBe("КЗ");
  });
});

describe("quotes in texts", () => {
  it("turns a quoted name inside quotes into second-level quotes instead of doubling them", () => {
    expect(unnestQuotes("Сводка по аккаунту «Кофейня «Зерно»»", "ru")).toBe("Сводка по аккаунту «Кофейня „Зерно“»");
    expect(unnestQuotes("Summary of the «Кофейня «Зерно»» account", "en")).toBe("Summary of the «Кофейня “Зерно”» account");
    expect(unnestQuotes("«Кофейня» и «Зерно»", "ru")).toBe("«Кофейня» и «Зерно»");
    expect(unnestQuotes("Кофейня «Зерно»", "ru")).toBe("Кофейня «Зерно»");
    expect(unnestQuotes("без кавычек", "ru")).toBe("без кавычек");
  });

  it("English texts quote with English “ ” marks, never the Russian « »", async () => {
    const dir = join(__dirname, "..", "..", "web", "locales", "en");
    const russian = readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .flatMap((f) => readFileSync(join(dir, f), "utf8").split("\n").map((line, i) => [`${f}:${i + 1}`, line] as const))
      .filter(([, line]) => /[«»]/.test(line))
      .map(([at]) => at);
    expect(russian).toEqual([]);
    await i18n.loadLanguages("en");
    expect(i18n.t("dashboard:subtitle", { lng: "en", account: "Уют" })).toBe("Summary of the “Уют” account");
    expect(i18n.t("settings:description", { lng: "en", name: "Cosy" })).toBe("Account “Cosy”: details, team, schedule and integrations");
  });

  it("applies to every translated text with a name in quotes", () => {
    expect(i18n.t("dashboard:subtitle", { account: "Кофейня «Зерно»" })).toBe("Сводка по аккаунту «Кофейня „Зерно“»");
    expect(i18n.t("dashboard:subtitle", { account: "Уют" })).toBe("Сводка по аккаунту «Уют»");
    expect(i18n.t("settings:description", { name: "Кофейня «Зерно»" })).toContain("«Кофейня „Зерно“»");
  });
});
