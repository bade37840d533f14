import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ModelSelect } from "@/features/assistants/components/model-select";
import { i18n } from "@/lib/i18n";
import { stubLayout } from "./signed-in";
import { renderWithClient, testQueryClient } from "./support/render";

/**
 * The assistant's model combobox: the three default models, the models the account's provider
 * lists, and any id typed in (checked against the server's rule before it is offered).
 */
beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["assistants"]);
  stubLayout();
});
afterEach(() => cleanup());

function renderSelect(value: string, provider: { custom: boolean; host: string | null; models: string[] }) {
  const client = testQueryClient();
  client.setQueryData(["accounts", "acc-1", "model-info"], { demo: false, models: ["gpt-4.1-mini", "gpt-4.1-nano", "gpt-4o-mini"], defaultModel: "gpt-4.1-mini", provider });
  const onChange = vi.fn();
  renderWithClient(client, <ModelSelect value={value} onChange={onChange} accountId="acc-1" />);
  fireEvent.click(screen.getByTestId("model-select"));
  return onChange;
}

describe("model select", () => {
  it("offers the defaults and the provider's models, and picks one", () => {
    const onChange = renderSelect("gpt-4.1-mini", { custom: true, host: "llm.example.com", models: ["gpt-4.1-mini", "qwen2.5-7b-instruct"] });
    const list = screen.getByRole("listbox");
    expect(within(list).getByText("Модели по умолчанию")).toBeTruthy();
    expect(within(list).getByText("Модели провайдера llm.example.com")).toBeTruthy();
    // a default the provider also lists is shown once, among the defaults
    expect(within(list).getAllByText("gpt-4.1-mini")).toHaveLength(1);
    fireEvent.click(within(list).getByText("qwen2.5-7b-instruct"));
    expect(onChange).toHaveBeenCalledWith("qwen2.5-7b-instruct");
  });

  it("takes a typed model id, and refuses one with spaces", () => {
    const onChange = renderSelect("gpt-4.1-mini", { custom: false, host: null, models: [] });
    const search = screen.getByTestId("model-search");
    fireEvent.change(search, { target: { value: "meta-llama/Llama-3.1-8B-Instruct" } });
    fireEvent.click(screen.getByTestId("model-use-typed"));
    expect(onChange).toHaveBeenCalledWith("meta-llama/Llama-3.1-8B-Instruct");

    fireEvent.click(screen.getByTestId("model-select"));
    fireEvent.change(screen.getByTestId("model-search"), { target: { value: "two words" } });
    expect(screen.queryByTestId("model-use-typed")).toBeNull();
    expect(screen.getByText(/Нет подходящих моделей/)).toBeTruthy();
  });

  it("explains a model that is neither a default nor listed", () => {
    renderSelect("my-org/custom-7b", { custom: true, host: "llm.example.com", models: ["qwen2.5-7b-instruct"] });
    expect(screen.getByText(/Своя модель: убедитесь, что AI-провайдер аккаунта её знает/)).toBeTruthy();
    expect(within(screen.getByRole("listbox")).getByText("Выбранная модель")).toBeTruthy();
  });
});
