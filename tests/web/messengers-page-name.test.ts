import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The channels page has one name: the wizard's link to it says the page's title («Подключение
 * мессенджеров»), not another name for the same page («Подключение каналов»), in every language.
 */
const root = join(__dirname, "..", "..", "web", "locales");
const read = (lng: string, ns: string) => JSON.parse(readFileSync(join(root, lng, `${ns}.json`), "utf8"));

describe("the wizard's link to the channels page", () => {
  it.each(["ru", "en", "ar", "fr"])("%s: names the page by its title", (lng) => {
    const title: string = read(lng, "channels").title;
    const link: string = read(lng, "wizard").channel.othersLink;
    expect(link).toContain(title);
  });

  it("is «Подключение мессенджеров» in Russian, under the menu item «Мессенджеры»", () => {
    expect(read("ru", "wizard").channel.othersLink).toBe("«Подключение мессенджеров»");
    expect(read("ru", "common").nav.items.connect).toBe("Мессенджеры");
  });
});
