import { describe, expect, it } from "vitest";
import { TOOLS, toolCatalog } from "../../worker/ai/tools";
import { CATALOGUE_TOOLS } from "../../worker/features/products/catalogue-tools";
import ar from "../../web/locales/ar/assistants.json";
import en from "../../web/locales/en/assistants.json";
import fr from "../../web/locales/fr/assistants.json";
import ru from "../../web/locales/ru/assistants.json";

/**
 * The SPA words the tools by name from web/locales/<lang>/assistants.json `tools.<name>` (the worker
 * writes them in Russian): every tool the worker has is in every table, and the Russian table reads
 * as the worker's own title and description, so Russian stays as it was.
 */
type Table = Record<string, { title: string; description: string }>;
const tables = { ru: ru.tools as Table, en: en.tools as Table, fr: fr.tools as Table, ar: ar.tools as Table };
const all = [...TOOLS, ...CATALOGUE_TOOLS];

describe("the tools' display names", () => {
  it("the Russian table is the worker's title and description of every tool", () => {
    expect(Object.fromEntries(all.map((t) => [t.name, { title: t.title, description: t.description }]))).toEqual(tables.ru);
    for (const t of toolCatalog()) expect(tables.ru[t.name]).toEqual({ title: t.title, description: t.description });
  });

  it("en, fr and ar word every tool", () => {
    for (const [lng, table] of Object.entries(tables)) {
      expect(Object.keys(table).sort(), lng).toEqual(all.map((t) => t.name).sort());
      for (const [name, text] of Object.entries(table)) {
        expect(text.title.trim(), `${lng} ${name}`).not.toBe("");
        expect(text.description.trim(), `${lng} ${name}`).not.toBe("");
        if (lng !== "ru") expect(`${text.title} ${text.description}`, `${lng} ${name}`).not.toMatch(/[а-яё]/i);
      }
    }
  });
});
