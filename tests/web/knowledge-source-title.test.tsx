import type { UseQueryResult } from "@tanstack/react-query";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeSource, SourceList } from "@/features/knowledge/api";
import { SourcesTable } from "@/features/knowledge/components/sources-table";
import { i18n } from "@/lib/i18n";
import { stubResizeObserver } from "./support/fixtures";
import { renderWithClient, testQueryClient } from "./support/render";

/**
 * An assistant's own knowledge text is a source the server titles in Russian
 * («Знания ассистента «…»», worker/features/knowledge/assistant-text.ts, stored as it is, old rows
 * too): the knowledge page words it in the interface language with the assistant's name. The
 * user's own sources keep their titles whatever the language.
 */
const source = (over: Partial<KnowledgeSource>): KnowledgeSource =>
  ({
    sourceId: "s1",
    kind: "faq",
    title: "",
    status: "indexed",
    error: null,
    question: "",
    answer: "",
    tags: [],
    url: null,
    fileName: null,
    mimeType: null,
    assistantId: null,
    sizeBytes: 100,
    charCount: 100,
    chunkCount: 1,
    fetchedAt: null,
    indexedAt: 1,
    createdAt: 1,
    updatedAt: 1,
    ...over,
  }) as KnowledgeSource;

const SOURCES = [
  source({ sourceId: "t1", kind: "text", title: "Знания ассистента «Консультант «Плюс»»", assistantId: "a1" }),
  source({ sourceId: "f1", kind: "faq", title: "Знания ассистента «Мой вопрос»", question: "Знания ассистента «Мой вопрос»", answer: "Ответ" }),
];

function renderTable() {
  const list = { isError: false, isPending: false, isPlaceholderData: false, data: { data: SOURCES, meta: { total: 2, limit: 20, page: 1, lastPage: 1 } } } as unknown as UseQueryResult<SourceList>;
  renderWithClient(testQueryClient(), <SourcesTable list={list} p={{ page: 1, limit: 20 }} onPage={() => {}} onReset={() => {}} canEdit emptyAction={null} onAction={() => {}} />);
  return screen.getAllByTestId("source-row").map((r) => r.querySelector("span")!.textContent);
}

beforeAll(async () => {
  await i18n.loadLanguages(["ru", "en", "fr", "ar"]);
  await i18n.loadNamespaces(["knowledge", "common"]);
  stubResizeObserver();
});
afterEach(cleanup);

describe("the assistant's own knowledge text in the sources list", () => {
  it("English: titled in English with the assistant's name; a user's FAQ title stays as written", async () => {
    await i18n.changeLanguage("en");
    expect(renderTable()).toEqual(["Assistant “Консультант «Плюс»” knowledge", "Знания ассистента «Мой вопрос»"]);
  });

  it("French and Arabic in their words, Russian as stored", async () => {
    await i18n.changeLanguage("fr");
    // French nests quotes its own way (the app's formatter): « … “…” … »
    expect(renderTable()[0]).toBe("Connaissances de l'assistant « Консультант “Плюс” »");
    cleanup();
    await i18n.changeLanguage("ar");
    // Arabic isolates the (Latin or Cyrillic) name in its right-to-left sentence
    expect(renderTable()[0]).toBe("معارف المساعد «\u2068Консультант “Плюс”\u2069»");
    cleanup();
    await i18n.changeLanguage("ru");
    // Russian as stored, its nested quotes set as the app sets them („…“)
    expect(renderTable()[0]).toBe("Знания ассистента «Консультант „Плюс“»");
  });
});
