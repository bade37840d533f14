import type { ReactNode } from "react";
import { cleanup, screen, within } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ToolsField } from "@/features/assistants/components/assistant-fields";
import { TemplatePreviewDialog } from "@/features/assistants/components/template-preview-dialog";
import type { AssistantConfigValues } from "@/features/assistants/schemas";
import type { AssistantTemplate } from "@/features/assistants/types";
import { Form } from "@/components/ui/form";
import { i18n } from "@/lib/i18n";
import { stubResizeObserver } from "./support/fixtures";
import { renderWithClient, testQueryClient } from "./support/render";

/**
 * The assistant's Tools section words each tool by its name from the locale tables (the worker's
 * GET /assistants/tools answers in Russian): English in English, the worker's text in Russian, and
 * the worker's text for a tool the tables do not know.
 */
const TOOLS = [
  { name: "handoff_to_operator", title: "Передать диалог оператору", description: "Передать диалог живому оператору.", defaultOn: true },
  { name: "get_current_datetime", title: "Текущие дата и время", description: "Узнать текущие дату, время и день недели в часовом поясе компании.", defaultOn: true },
  {
    name: "save_contact_fact",
    title: "Запомнить факт о клиенте",
    description: "Сохранить важный факт о клиенте (имя, телефон, предпочтения, адрес доставки и т. п.), чтобы помнить его в следующих разговорах. Один короткий факт за вызов.",
    defaultOn: true,
  },
  { name: "future_tool", title: "Новый инструмент", description: "Его ещё нет в таблицах.", defaultOn: false },
];

function WithForm({ children }: { children: ReactNode }) {
  // ToolsField reads only `tools` of the assistant's form.
  const form = useForm<AssistantConfigValues>({ defaultValues: { tools: ["get_current_datetime"] } as AssistantConfigValues });
  return <Form {...form}>{children}</Form>;
}

function renderTools() {
  const client = testQueryClient();
  client.setQueryData(["assistants", "tools"], { data: TOOLS });
  renderWithClient(
    client,
    <WithForm>
      <ToolsField />
    </WithForm>,
  );
  return within(screen.getByTestId("tools-list"));
}

const rows = () => within(screen.getByTestId("tools-list")).getAllByRole("listitem");

beforeAll(async () => {
  await i18n.loadLanguages(["ru", "en", "fr", "ar"]);
  await i18n.loadNamespaces(["assistants", "common"]);
  stubResizeObserver();
});
afterEach(cleanup);

describe("the assistant's tools in the interface language", () => {
  it("English: titles and descriptions from the tables, an unknown tool as the worker wrote it", async () => {
    await i18n.changeLanguage("en");
    const list = renderTools();
    expect(list.getByText("Current date and time")).toBeTruthy();
    expect(list.getByText("Find out the current date, time and day of the week in the company's time zone.")).toBeTruthy();
    expect(list.getByText("Remember a fact about the customer")).toBeTruthy();
    expect(list.queryByText("Текущие дата и время")).toBeNull();
    expect(list.queryByText("Запомнить факт о клиенте")).toBeNull();
    // the handoff tool lives with the handoff rules, not in this list
    expect(rows()).toHaveLength(3);
    expect(rows()[2]!.textContent).toBe("Новый инструментЕго ещё нет в таблицах.future_tool");
  });

  it("French and Arabic have their own words; Russian reads as the worker's text", async () => {
    await i18n.changeLanguage("fr");
    renderTools();
    expect(rows()[0]!.textContent).toContain("Date et heure actuelles");
    cleanup();
    await i18n.changeLanguage("ar");
    renderTools();
    expect(rows()[1]!.textContent).toContain("تذكّر معلومة عن العميل");
    cleanup();
    await i18n.changeLanguage("ru");
    renderTools();
    expect(rows()[0]!.textContent).toBe("Текущие дата и времяУзнать текущие дату, время и день недели в часовом поясе компании.get_current_datetime");
    expect(rows()[1]!.textContent).toBe(`${TOOLS[2]!.title}${TOOLS[2]!.description}save_contact_fact`);
  });

  it("the template preview lists the tools by their English titles", async () => {
    await i18n.changeLanguage("en");
    const client = testQueryClient();
    client.setQueryData(["assistants", "tools"], { data: TOOLS });
    const template = { assistantId: "t", templateId: "t", name: "Clinic", description: "", model: "gpt-4.1-mini", instructions: "", greeting: "", temperature: 0.4, maxReplyTokens: 400, language: "ru", knowledge: "", tools: ["handoff_to_operator"], debounceSeconds: 0, handoffKeywords: [], handoffMessage: "", tags: [], usageCount: 0, isPublished: true, createdAt: 1, updatedAt: 1 } as unknown as AssistantTemplate;
    renderWithClient(client, <TemplatePreviewDialog template={template} onOpenChange={() => {}} onUse={() => {}} />);
    const preview = within(screen.getByTestId("template-preview"));
    expect(preview.getByText("Hand the conversation to an operator")).toBeTruthy();
    expect(preview.getByText("Current date and time")).toBeTruthy();
    expect(preview.queryByText("Передать диалог оператору")).toBeNull();
  });
});
