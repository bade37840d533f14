import { useState } from "react";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { MAX_BUTTONS } from "@worker/features/broadcasts/contract";
import { ButtonsEditor, type ButtonDraft } from "@/features/broadcasts/components/buttons-editor";
import { MessagePreview } from "@/features/broadcasts/components/message-preview";
import { insertVariable, sampleVars } from "@/features/broadcasts/sample-contact";
import { i18n } from "@/lib/i18n";

/**
 * The composer's pieces: the preview renders the text the way the pump sends it (variables filled
 * for a sample contact; Telegram's keyboard vs a numbered list), variables go in at the caret, and
 * the buttons editor keeps at most ten buttons in the order the user sets.
 */
beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["broadcasts", "chat"]);
});
afterEach(cleanup);

const FIELDS = [
  { key: "city", label: "Город", type: "text" as const, options: [] },
  { key: "size", label: "Размер", type: "select" as const, options: ["M", "L"] },
  { key: "bonus", label: "Бонусы", type: "number" as const, options: [] },
];

describe("broadcast preview", () => {
  const vars = sampleVars("Анна", FIELDS);
  const buttons = [{ label: "Каталог", url: "https://uyut.example/catalog" }, { label: "Позвать менеджера" }];

  it("Telegram: the text with the sample contact's values and the buttons as an inline keyboard", () => {
    render(<MessagePreview platform="TELEGRAM" text={"Здравствуйте, {{name}}! Доставка в {{ city }}. Размер {{size}}, бонусов {{bonus}}.{{unknown}}"} buttons={buttons} vars={vars} />);
    expect(screen.getByTestId("broadcast-preview-text").textContent).toBe("Здравствуйте, Анна! Доставка в Город. Размер M, бонусов 42.");
    const keys = screen.getByTestId("broadcast-preview-keyboard").querySelectorAll("li");
    expect([...keys].map((k) => k.textContent)).toEqual(["Каталог", "Позвать менеджера"]);
  });

  it("WhatsApp: no keyboard, the buttons become a numbered list under the text", () => {
    render(<MessagePreview platform="WHATSAPP" text="Привет, {{name}}" buttons={[...buttons, { label: "  " }]} vars={vars} />);
    expect(screen.queryByTestId("broadcast-preview-keyboard")).toBeNull();
    expect(screen.getByTestId("broadcast-preview-text").textContent).toBe("Привет, Анна\n\n1. Каталог — https://uyut.example/catalog\n2. Позвать менеджера");
    expect(screen.getByText("В этом мессенджере нет кнопок: они приходят нумерованным списком.")).toBeTruthy();
  });

  it("says where the text will appear while it is empty", () => {
    render(<MessagePreview platform="INSTAGRAM" text="" buttons={[]} vars={vars} />);
    expect(screen.getByTestId("broadcast-preview-text").textContent).toBe("Текст сообщения появится здесь");
  });
});

describe("variables", () => {
  it("go in at the caret, replacing the selection", () => {
    expect(insertVariable("Привет, !", "name", 8)).toEqual({ text: "Привет, {{name}}!", caret: 16 });
    expect(insertVariable("Город: XXX.", "city", 7, 10)).toEqual({ text: "Город: {{city}}.", caret: 15 });
    expect(insertVariable("Конец", "name")).toEqual({ text: "Конец{{name}}", caret: 13 });
  });
});

function Editor({ initial }: { initial: ButtonDraft[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ButtonsEditor value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

describe("buttons editor", () => {
  const value = () => JSON.parse(screen.getByTestId("value").textContent!) as ButtonDraft[];

  it("adds, edits, moves and removes buttons", () => {
    render(<Editor initial={[]} />);
    fireEvent.click(screen.getByRole("button", { name: "Добавить кнопку" }));
    fireEvent.click(screen.getByRole("button", { name: "Добавить кнопку" }));
    fireEvent.change(screen.getByLabelText("Текст кнопки 1"), { target: { value: "Каталог" } });
    fireEvent.change(screen.getByLabelText("Текст кнопки 2"), { target: { value: "Акции" } });
    fireEvent.change(screen.getByLabelText("Ссылка кнопки 2"), { target: { value: "https://uyut.example/sale" } });
    fireEvent.click(screen.getByRole("button", { name: "Поднять кнопку 2" }));
    expect(value()).toEqual([
      { label: "Акции", url: "https://uyut.example/sale" },
      { label: "Каталог", url: "" },
    ]);
    expect((screen.getByRole("button", { name: "Поднять кнопку 1" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Удалить кнопку 1" }));
    expect(value()).toEqual([{ label: "Каталог", url: "" }]);
  });

  it(`stops at ${MAX_BUTTONS} buttons`, () => {
    render(<Editor initial={Array.from({ length: MAX_BUTTONS - 1 }, (_, i) => ({ label: `К${i}`, url: "" }))} />);
    const add = screen.getByRole("button", { name: "Добавить кнопку" }) as HTMLButtonElement;
    expect(add.disabled).toBe(false);
    fireEvent.click(add);
    expect(value()).toHaveLength(MAX_BUTTONS);
    expect(add.disabled).toBe(true);
    expect(screen.getByText(`${MAX_BUTTONS} из ${MAX_BUTTONS}`)).toBeTruthy();
  });
});
