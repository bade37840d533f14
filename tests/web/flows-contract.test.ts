import { describe, expect, it } from "vitest";
import { flowGraphSchema, flowTextVariables, stepOutputs, validateGraph, type FlowGraph } from "../../worker/features/flows/contract";

/**
 * The flow contract the server, the runtime and the editor share: outputs per step type, the
 * shape checks of the configs, and validateGraph's issues (the API tests cover the routes).
 */
const pos = { x: 0, y: 0 };
const refs = { fieldKeys: ["city"], tagIds: ["tag1"], assistantIds: ["a1"], flowIds: ["f1"] };
const parse = (g: unknown): FlowGraph => flowGraphSchema.parse(g);
const link = (from: string, to: string, handle = "next", id = `${from}-${handle}`) => ({ flowTransitionId: id, fromStepId: from, toStepId: to, sourceHandle: handle });
const start = { flowStepId: "s", name: "Старт", stepType: "start", flowConfig: { position: pos, triggers: [] } };
const end = { flowStepId: "e", name: "Конец", stepType: "end", flowConfig: { position: pos } };

describe("flow contract", () => {
  it("names the outputs of every step type; link buttons are not outputs", () => {
    const g = parse({
      steps: [
        start,
        { flowStepId: "m", name: "", stepType: "message", flowConfig: { position: pos, text: "Меню", buttons: [{ id: "a", label: "А" }, { id: "u", label: "Сайт", url: "https://x.ru" }] } },
        { flowStepId: "m2", name: "", stepType: "message", flowConfig: { position: pos, text: "Просто текст" } },
        { flowStepId: "q", name: "", stepType: "question", flowConfig: { position: pos, text: "?", kind: "email" } },
        { flowStepId: "c", name: "", stepType: "question", flowConfig: { position: pos, text: "?", kind: "choice", options: [{ id: "x", label: "Икс" }] } },
        { flowStepId: "k", name: "", stepType: "condition", flowConfig: { position: pos, rules: [{ id: "r", source: "channel", op: "equals", value: "TELEGRAM" }] } },
        { flowStepId: "g", name: "", stepType: "goto", flowConfig: { position: pos, flowId: "f1" } },
        end,
      ],
      transitions: [],
    });
    expect(g.steps.map((s) => [s.flowStepId, stepOutputs(s).map((o) => o.handle)])).toEqual([
      ["s", ["next"]],
      ["m", ["button:a", "next"]],
      ["m2", ["next"]],
      ["q", ["next", "noAnswer"]],
      ["c", ["option:x", "noAnswer"]],
      ["k", ["branch:r", "else"]],
      ["g", []],
      ["e", []],
    ]);
  });

  it("checks a condition's operator and value by its source", () => {
    const rule = (r: object) => flowGraphSchema.safeParse({ steps: [{ flowStepId: "k", stepType: "condition", flowConfig: { position: pos, rules: [{ id: "r", ...r }] } }], transitions: [] });
    const messages = (r: object) => {
      const res = rule(r);
      return res.success ? {} : Object.fromEntries(res.error.issues.map((i) => [i.path.slice(4).join("."), i.message]));
    };
    expect(messages({ source: "tag", op: "equals", value: "tag1" })).toEqual({ "0.op": "Сравнение для этого условия: has, hasNot" });
    expect(messages({ source: "time", op: "between", value: { from: "9:00", to: "18:00" } })).toEqual({ "0.value": "Укажите время в виде ЧЧ:ММ, например 09:00" });
    expect(messages({ source: "weekday", op: "in", value: [0, 8] })).toEqual({ "0.value": "Выберите дни недели (1 — понедельник, 7 — воскресенье)" });
    expect(messages({ source: "field", op: "isSet" })).toEqual({ "0.key": "Выберите поле" });
    expect(messages({ source: "field", key: "city", op: "isSet" })).toEqual({});
    expect(messages({ source: "variable", key: "answer", op: "greater", value: 3 })).toEqual({});
  });

  it("reports a second start (not also as unreachable), stray and doubled transitions", () => {
    const g = parse({
      steps: [start, { ...start, flowStepId: "s2" }, end],
      transitions: [link("s", "e"), link("s", "e", "next", "again"), link("s", "e", "button:gone"), link("s2", "e")],
    });
    expect(validateGraph(g, refs).map((i) => [i.stepId, i.code, i.handle])).toEqual([
      ["s2", "multipleStarts", undefined],
      ["s", "duplicateOutput", "next"],
      ["s", "unknownOutput", "button:gone"],
    ]);
  });

  it("reads the variables of a text; contact name and flow variables are no field references", () => {
    expect(flowTextVariables("{{ name }}, {{city}} {{var.answer}} {{city}} {{order_no}}")).toEqual(["name", "city", "var.answer", "order_no"]);
    const g = parse({
      steps: [start, { flowStepId: "m", name: "Итог", stepType: "message", flowConfig: { position: pos, text: "{{name}} из {{city}}: {{var.answer}}, заказ {{order_no}}" } }, end],
      transitions: [link("s", "m"), link("m", "e")],
    });
    expect(validateGraph(g, refs)).toEqual([{ stepId: "m", code: "missingField", message: "Шаг «Итог»: поля «order_no» нет в аккаунте", params: { step: "Итог", key: "order_no" } }]);
  });
});
