import { cleanup, render, screen } from "@testing-library/react";
import { ReactFlowProvider } from "@xyflow/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type FlowGraph, type FlowIssue, type FlowStep, validateGraph } from "@worker/features/flows/contract";
import { CanvasExtrasContext } from "@/features/flows/editor/editor-context";
import { IssuesPanel } from "@/features/flows/editor/issues-panel";
import { SettingsPanel } from "@/features/flows/editor/settings/settings-panel";
import { StepNodeComponent } from "@/features/flows/editor/step-node";
import { issueText } from "@/features/flows/editor/wording";
import { i18n } from "@/lib/i18n";

/**
 * The editor words a flow's problems from their codes and values in the interface language (the
 * worker's `message` is Russian, for API users): the issues list, a node's tooltip, the step's
 * settings. In Russian the wording is the worker's message, letter for letter.
 */
const step = (id: string, name: string, stepType: string, cfg: Record<string, unknown> = {}) => ({ flowStepId: id, name, stepType, flowConfig: { position: { x: 0, y: 0 }, ...cfg } }) as unknown as FlowStep;
const link = (from: string, to: string, handle = "next") => ({ flowTransitionId: `${from}-${handle}-${to}`, fromStepId: from, toStepId: to, sourceHandle: handle });
const NO_REFS = { fieldKeys: [], tagIds: [], assistantIds: [], flowIds: [] };

/** A start into a question "Дата замера" whose "no answer" output leads nowhere. */
const measuring = (): FlowGraph => ({
  steps: [step("s", "Старт", "start", { triggers: [{ type: "manual" }] }), step("q", "Дата замера", "question", { text: "Когда удобно?", kind: "text", errorText: "", maxRetries: 2 }), step("e", "Конец", "end")],
  transitions: [link("s", "q"), link("q", "e")],
});

/** Graphs that, together, raise every issue code, with names, without names, with buttons, branches and references. */
function everyIssue(): { graph: FlowGraph; issues: FlowIssue[] }[] {
  const graphs: FlowGraph[] = [
    measuring(),
    { steps: [step("m", "Меню", "message", { text: "{{city}} {{name}}", buttons: [{ id: "a", label: "Цены" }] }), step("e", "Конец", "end")], transitions: [link("m", "e", "button:a"), link("m", "e", "button:a"), link("m", "e", "button:zz")] },
    {
      steps: [
        step("s", "Старт", "start", { triggers: [{ type: "manual" }] }),
        step("s2", "  ", "start", { triggers: [{ type: "manual" }] }),
        step("c", "", "condition", { rules: [{ id: "r1", source: "tag", op: "has", value: "t-gone" }] }),
        step("a", "Консультант", "ai", { assistantId: "gone", instructions: "", maxTurns: 3 }),
        step("g", "Дальше", "goto", { flowId: "gone" }),
        step("b", "Запись", "booking", { text: "Время?", slots: 3, days: 7, zone: "calendar", bookedText: "", takenText: "", noSlotsText: "", errorText: "", maxRetries: 2 }),
        step("x", "Действие", "action", { actions: [{ type: "setField", key: "order_no", value: "1" }] }),
        step("d", "Пауза", "delay", { amount: 5, unit: "minutes" }),
      ],
      transitions: [link("s", "c")],
    },
  ];
  return graphs.map((graph) => ({ graph, issues: validateGraph(graph, NO_REFS) }));
}

beforeAll(async () => {
  await i18n.loadLanguages(["ru", "en", "fr", "ar"]);
  await i18n.loadNamespaces(["flows", "common", "broadcasts"]);
});
afterEach(cleanup);

describe("flow issues in the interface language", () => {
  it("Russian reads exactly as the worker's message, for every code, from the graph's step or from the issue's own values", async () => {
    await i18n.changeLanguage("ru");
    const t = i18n.getFixedT("ru", "flows");
    const seen = new Set<string>();
    for (const { graph, issues } of everyIssue()) {
      for (const issue of issues) {
        seen.add(issue.code);
        const inGraph = graph.steps.find((s) => s.flowStepId === issue.stepId);
        expect(issueText(t, issue, inGraph)).toBe(issue.message);
        expect(issueText(t, issue, undefined)).toBe(issue.message);
      }
    }
    expect([...seen].sort()).toEqual(["deadEnd", "duplicateOutput", "missingAssistant", "missingField", "missingFlow", "missingTag", "multipleStarts", "noStart", "unknownOutput", "unreachable"]);
  });

  it("every code has a wording in en, fr and ar, none of them Russian", async () => {
    for (const lng of ["en", "fr", "ar"]) {
      const t = i18n.getFixedT(lng, "flows");
      for (const { graph, issues } of everyIssue())
        for (const issue of issues) {
          const text = issueText(t, issue, graph.steps.find((s) => s.flowStepId === issue.stepId));
          expect(text, `${lng} ${issue.code}`).not.toMatch(/Шаг|выход|поля|тега|ассистента|сценари|старт/i);
          expect(text).not.toContain("issues.");
        }
    }
  });

  it("the issues panel in English: the dead end names the step and the output in English", async () => {
    await i18n.changeLanguage("en");
    const g = measuring();
    const issues = validateGraph(g, NO_REFS);
    render(<IssuesPanel issues={[...issues, { code: "noStart", message: "Добавьте шаг «Старт»: с него начинается сценарий" }]} stepOf={(id) => g.steps.find((s) => s.flowStepId === id)} onPick={() => {}} onClose={() => {}} />);
    const rows = screen.getAllByTestId("flow-issue");
    expect(rows[0]!.textContent).toBe("Дата замераStep “Дата замера”: the “No answer” output leads nowhere");
    expect(rows[1]!.textContent).toBe("Add a “Start” step: the flow begins with it");
  });

  it("a refused save's field message (code invalid) stays as the server wrote it", async () => {
    await i18n.changeLanguage("en");
    const g = measuring();
    render(<IssuesPanel issues={[{ stepId: "q", code: "invalid", message: "Enter the text" }]} stepOf={(id) => g.steps.find((s) => s.flowStepId === id)} onPick={() => {}} onClose={() => {}} />);
    expect(screen.getByTestId("flow-issue").textContent).toBe("Дата замераEnter the text");
  });

  it("a step node's tooltip in English and French; the settings panel's list in English", async () => {
    const g = measuring();
    const q = g.steps[1]!;
    const issuesByStep = new Map([["q", validateGraph(g, NO_REFS).filter((i) => i.stepId === "q")]]);
    const node = () =>
      render(
        <ReactFlowProvider>
          <CanvasExtrasContext.Provider value={{ issuesByStep, stats: null, readOnly: false }}>
            <StepNodeComponent {...({ id: "q", data: { step: q }, selected: false, type: "step" } as unknown as Parameters<typeof StepNodeComponent>[0])} />
          </CanvasExtrasContext.Provider>
        </ReactFlowProvider>,
      );
    await i18n.changeLanguage("en");
    node();
    expect(screen.getByTestId("node-issues").getAttribute("title")).toBe("Step “Дата замера”: the “No answer” output leads nowhere");
    cleanup();
    await i18n.changeLanguage("fr");
    node();
    expect(screen.getByTestId("node-issues").getAttribute("title")).toBe("Étape «\u00a0Дата замера\u00a0»\u00a0: la sortie «\u00a0Pas de réponse\u00a0» ne mène nulle part");
    cleanup();
    await i18n.changeLanguage("en");
    render(<SettingsPanel step={q} issues={issuesByStep.get("q")!} lists={{ fields: [], tags: [], assistants: [], flows: [] } as never} graph={g} readOnly onChange={() => {}} onClose={() => {}} />);
    expect(screen.getByTestId("step-issues").textContent).toBe("Step “Дата замера”: the “No answer” output leads nowhere");
  });
});
