import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { SystemItem } from "@/features/chat/components/message-item";
import { i18n } from "@/lib/i18n";
import { messageDto } from "./support/fixtures";

/**
 * A tool trace in the inbox («Вызов функции: handoff_to_operator {"reason":…}», «Результат функции: …
 * Показать результат») never gets wider than the message column: it pushed the log sideways (514 px in a
 * 452 px column, the button cut to «По…» at 390 px). jsdom lays nothing out, so these tests hold the
 * structure that keeps it in: the line may wrap, the name and the arguments may shrink (cut with a
 * title), the button and the time never shrink.
 */
const LONG_NAME = "handoff_to_operator_because_the_customer_asked_for_a_human_being";
const LONG_ARGS = JSON.stringify({ reason: "Клиент просит связаться с менеджером по поводу возврата заказа №123456 и доставки в другой город", urgent: true });

const call = messageDto({
  messageId: "tc1",
  messageType: "tool_call",
  messageDirection: "outgoing",
  senderType: "assistant",
  content: LONG_NAME,
  metadata: { tool_calls: [{ id: "call_1", type: "function", function: { name: LONG_NAME, arguments: LONG_ARGS } }] },
});
const result = (content: string) =>
  messageDto({ messageId: "tr1", messageType: "tool_result", messageDirection: "outgoing", senderType: "assistant", content, metadata: { tool_call_id: "call_1", name: LONG_NAME, ok: true } });

const classes = (el: Element) => el.getAttribute("class")?.split(/\s+/) ?? [];

/** Every box from `el` up to (and with) `top` may shrink below its content: no shrink-0, min-width 0. */
function shrinksWithin(el: Element, top: Element) {
  for (let n: Element | null = el; n; n = n.parentElement) {
    expect(classes(n), n.outerHTML.slice(0, 80)).not.toContain("shrink-0");
    expect(classes(n), n.outerHTML.slice(0, 80)).toContain("min-w-0");
    if (n === top) return;
  }
  throw new Error("not inside the trace");
}

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["chat", "products"]);
});
afterEach(cleanup);

const narrow = (node: React.ReactNode) => render(<div style={{ width: 358 }}>{node}</div>);

describe("chat: a tool trace stays within the message column", () => {
  it("the trace line may wrap and shrink to the column", () => {
    narrow(<SystemItem message={result('{"ok":true}')} />);
    const trace = screen.getByTestId("tool-trace");
    expect(classes(trace)).toEqual(expect.arrayContaining(["flex", "flex-wrap", "min-w-0", "max-w-[90%]"]));
    expect(classes(trace.parentElement!)).toContain("min-w-0");
  });

  it("a long function name is cut at its end with the whole name in its title, left to right", () => {
    narrow(<SystemItem message={result('{"ok":true}')} />);
    const trace = screen.getByTestId("tool-trace");
    const name = within(trace).getByText(LONG_NAME);
    expect(name.getAttribute("title")).toBe(LONG_NAME);
    expect(name.getAttribute("dir")).toBe("ltr");
    expect(classes(name)).toContain("truncate");
    shrinksWithin(name, trace);
    // the label before it stays whole
    expect(within(trace).getByText("Результат функции:").className).toContain("whitespace-nowrap");
  });

  it("«Показать результат» and the time never shrink: they keep whole, on a second row if need be", () => {
    narrow(<SystemItem message={result('{"ok":true}')} />);
    const trace = screen.getByTestId("tool-trace");
    const button = within(trace).getByRole("button", { name: "Показать результат" });
    expect(classes(button)).toEqual(expect.arrayContaining(["shrink-0", "whitespace-nowrap"]));
    const end = button.parentElement!;
    expect(end.parentElement).toBe(trace); // its own item of the wrapping line
    expect(classes(end)).toEqual(expect.arrayContaining(["shrink-0", "whitespace-nowrap"]));
    // nothing between it and the line may shrink below its content
    for (let n: Element = button; n !== trace; n = n.parentElement!) expect(classes(n)).not.toContain("min-w-0");
  });

  it("the arguments give way first: they shrink (cut, the whole text in the title) and the name keeps its own item", () => {
    narrow(<SystemItem message={call} />);
    const trace = screen.getByTestId("tool-trace");
    const args = within(trace).getByText(LONG_ARGS);
    expect(args.getAttribute("title")).toBe(LONG_ARGS);
    expect(classes(args)).toEqual(expect.arrayContaining(["truncate", "grow"]));
    shrinksWithin(args, trace);
    const name = within(trace).getByText(LONG_NAME);
    expect(args.contains(name)).toBe(false);
    expect(name.parentElement!.contains(args)).toBe(false);
  });

  it("the result opens pretty-printed, in monospace, wrapped and scrolled within the dialog", () => {
    const long = "https://shop.example/catalogue/" + "x".repeat(300);
    narrow(<SystemItem message={result(JSON.stringify({ ok: true, message: "Диалог передан оператору.", link: long }))} />);
    fireEvent.click(screen.getByRole("button", { name: "Показать результат" }));
    const pre = within(screen.getByTestId("function-result-dialog")).getByTestId("function-result");
    expect(pre.textContent).toBe(JSON.stringify({ ok: true, message: "Диалог передан оператору.", link: long }, null, 2));
    expect(classes(pre)).toEqual(expect.arrayContaining(["font-mono", "whitespace-pre-wrap", "[overflow-wrap:anywhere]", "overflow-auto", "min-w-0"]));
  });

  it("a result that is a string reads as its text, not as a quoted JSON string", () => {
    narrow(<SystemItem message={result(JSON.stringify("Диалог передан оператору.\nИИ в этом диалоге выключен."))} />);
    fireEvent.click(screen.getByRole("button", { name: "Показать результат" }));
    expect(screen.getByTestId("function-result").textContent).toBe("Диалог передан оператору.\nИИ в этом диалоге выключен.");
  });
});
