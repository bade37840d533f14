import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { TemplateEditDialog } from "@/features/assistants/components/template-edit-dialog";
import type { AssistantTemplate } from "@/features/assistants/types";
import { i18n } from "@/lib/i18n";
import { clearNotifications, getNotifications } from "@/lib/notify";
import { jsonResponse as json, stubFetch, stubResizeObserver, type FetchCall } from "./support/fixtures";
import { renderWithClient, testQueryClient } from "./support/render";

/**
 * The administrators' template dialog edits every field PATCH /assistants/templates/{id} accepts,
 * with the assistant editor's controls and Russian messages; only the changed fields are sent.
 */
const TEMPLATE: AssistantTemplate = {
  assistantId: "tpl-clinic",
  templateId: "tpl-clinic",
  name: "Медицинская клиника",
  description: "Запись к врачу",
  model: "gpt-4.1-mini",
  instructions: "Ты — администратор регистратуры.",
  greeting: "Здравствуйте!",
  temperature: 0.4,
  maxReplyTokens: 400,
  language: "ru",
  knowledge: "Приём с 9:00",
  tools: ["handoff_to_operator", "get_current_datetime"],
  debounceSeconds: 0,
  handoffKeywords: ["жалоба"],
  handoffMessage: "Передаю оператору.",
  tags: ["Медицина"],
  usageCount: 3,
  isPublished: true,
  createdAt: 1,
  updatedAt: 1,
};
const TOOLS = [
  { name: "handoff_to_operator", title: "Передать диалог оператору", description: "…", defaultOn: true },
  { name: "get_current_datetime", title: "Текущие дата и время", description: "…", defaultOn: true },
  { name: "save_contact_fact", title: "Запомнить факт о клиенте", description: "…", defaultOn: true },
];

let calls: FetchCall[];
let reply: () => Response;

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["assistants", "common"]);
  stubResizeObserver();
});
beforeEach(() => {
  clearNotifications();
  calls = stubFetch(() => reply());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(onOpenChange = vi.fn()) {
  const client = testQueryClient();
  client.setQueryData(["assistants", "tools"], { data: TOOLS });
  client.setQueryData(["assistants", "model-info"], { demo: false, models: ["gpt-4.1-mini", "gpt-4.1-nano", "gpt-4o-mini"], defaultModel: "gpt-4.1-mini", provider: { custom: false, host: null, models: [] } });
  renderWithClient(client, <TemplateEditDialog template={TEMPLATE} onOpenChange={onOpenChange} />);
  return { dialog: within(screen.getByTestId("template-edit-dialog")), onOpenChange };
}

const patches = () => calls.filter((c) => c.init.method === "PATCH");

describe("template edit dialog", () => {
  it("shows every configuration field of the template with its current value", () => {
    const { dialog } = open();
    expect((dialog.getByLabelText("Название шаблона") as HTMLInputElement).value).toBe("Медицинская клиника");
    expect((dialog.getByLabelText("Креативность (температура)") as HTMLInputElement).value).toBe("0.4");
    expect((dialog.getByLabelText("Ограничение длины ответа, токенов") as HTMLInputElement).value).toBe("400");
    expect((dialog.getByLabelText("Ждать перед ответом, секунд") as HTMLInputElement).value).toBe("0");
    expect((dialog.getByLabelText("Сообщение клиенту при передаче") as HTMLInputElement).value).toBe("Передаю оператору.");
    expect((dialog.getByLabelText("Приветствие") as HTMLTextAreaElement).value).toBe("Здравствуйте!");
    expect((dialog.getByLabelText("Факты и ответы на вопросы") as HTMLTextAreaElement).value).toBe("Приём с 9:00");
    expect(dialog.getByText("жалоба")).toBeTruthy();
    expect(dialog.getByText("Язык ответов")).toBeTruthy();
    expect(dialog.getByTestId("model-select").textContent).toContain("gpt-4.1-mini");
    // the tools: the handoff switch with the handoff rules, the others in the list
    expect(dialog.getByTestId("handoff-tool").getAttribute("data-state")).toBe("checked");
    const switches = within(dialog.getByTestId("tools-list")).getAllByRole("switch");
    expect(switches.map((s) => s.getAttribute("data-state"))).toEqual(["checked", "unchecked"]);
  });

  it("out-of-range numbers show the editor's Russian messages and nothing is sent", async () => {
    const { dialog } = open();
    fireEvent.change(dialog.getByLabelText("Ждать перед ответом, секунд"), { target: { value: "99" } });
    fireEvent.change(dialog.getByLabelText("Ограничение длины ответа, токенов"), { target: { value: "10" } });
    fireEvent.change(dialog.getByLabelText("Название шаблона"), { target: { value: "   " } });
    await act(async () => {
      fireEvent.click(dialog.getByTestId("template-edit-save"));
    });
    await waitFor(() => expect(dialog.getByText("От 0 до 60 секунд")).toBeTruthy());
    expect(dialog.getByText("От 50 до 4000 токенов")).toBeTruthy();
    expect(dialog.getByText("Введите название ассистента")).toBeTruthy();
    fireEvent.change(dialog.getByLabelText("Ждать перед ответом, секунд"), { target: { value: "" } });
    await waitFor(() => expect(dialog.getByText("Введите целое число")).toBeTruthy());
    expect(patches()).toHaveLength(0);
  });

  it("sends only the changed fields and shows the §8 toast", async () => {
    reply = () => json(200, { ...TEMPLATE, temperature: 1.2, debounceSeconds: 5, message: "Шаблон обновлен" });
    const { dialog, onOpenChange } = open();
    fireEvent.change(dialog.getByLabelText("Креативность (температура)"), { target: { value: "1.2" } });
    fireEvent.change(dialog.getByLabelText("Ждать перед ответом, секунд"), { target: { value: "5" } });
    fireEvent.click(within(dialog.getByTestId("tools-list")).getAllByRole("switch")[1]!);
    await act(async () => {
      fireEvent.click(dialog.getByTestId("template-edit-save"));
    });
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.url).toBe("/api/assistants/templates/tpl-clinic");
    expect(JSON.parse(String(patches()[0]!.init.body))).toEqual({
      temperature: 1.2,
      debounceSeconds: 5,
      tools: ["handoff_to_operator", "get_current_datetime", "save_contact_fact"],
    });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(getNotifications().map((n) => [n.type, n.message])).toEqual([["success", "Шаблон обновлен"]]);
  });

  it("puts the server's field messages under the fields and shows the error toast", async () => {
    reply = () => json(400, { statusCode: 400, error: "Bad Request", message: "Проверьте поля", details: { fields: { handoffMessage: "Не длиннее 500 символов" } } });
    const { dialog, onOpenChange } = open();
    fireEvent.change(dialog.getByLabelText("Сообщение клиенту при передаче"), { target: { value: "Сейчас позову человека" } });
    await act(async () => {
      fireEvent.click(dialog.getByTestId("template-edit-save"));
    });
    await waitFor(() => expect(dialog.getByText("Не длиннее 500 символов")).toBeTruthy());
    expect(JSON.parse(String(patches()[0]!.init.body))).toEqual({ handoffMessage: "Сейчас позову человека" });
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(getNotifications().map((n) => [n.type, n.title, n.message])).toEqual([["error", "Не удалось обновить шаблон", "Проверьте поля"]]);
  });
});
