import { act, cleanup, fireEvent, render, renderHook, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type FlowGraph, type FlowStep, validateGraph } from "@worker/features/flows/contract";
import { cloneSteps, connectEdge, pruneEdges, toCanvas, toGraph, toNode } from "@/features/flows/editor/graph";
import { IssuesPanel } from "@/features/flows/editor/issues-panel";
import { useGraphHistory } from "@/features/flows/editor/use-history";
import { i18n } from "@/lib/i18n";

/** The editor's logic without a canvas: graph ⇄ xyflow nodes and edges, undo/redo, copy/paste, the issues list. */
const step = (id: string, stepType: string, cfg: Record<string, unknown> = {}, x = 0, y = 0) => ({ flowStepId: id, name: id, stepType, flowConfig: { position: { x, y }, ...cfg } }) as unknown as FlowStep;
const link = (from: string, to: string, handle = "next") => ({ flowTransitionId: `${from}-${handle}-${to}`, fromStepId: from, toStepId: to, sourceHandle: handle });

const menu = (): FlowGraph => ({
  steps: [
    step("s", "start", { triggers: [{ type: "manual" }] }, 0, 0),
    step("m", "message", { text: "Привет", buttons: [{ id: "a", label: "Цены" }, { id: "b", label: "Адрес" }] }, 120, 0),
    step("p", "message", { text: "1500 ₽", buttons: [] }, 240, -60),
    step("e", "end", {}, 360, 0),
  ],
  transitions: [link("s", "m"), link("m", "p", "button:a"), link("m", "e", "button:b"), link("m", "e"), link("p", "e")],
});

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["flows", "common"]);
});
afterEach(cleanup);

describe("graph ⇄ canvas", () => {
  it("turns steps into nodes (start not deletable) and transitions into edges, and back with rounded positions", () => {
    const g = menu();
    const { nodes, edges } = toCanvas(g);
    expect(nodes.map((n) => [n.id, n.type, n.deletable])).toEqual([["s", "step", false], ["m", "step", true], ["p", "step", true], ["e", "step", true]]);
    expect(edges.find((e) => e.id === "m-button:a-p")).toMatchObject({ source: "m", target: "p", sourceHandle: "button:a" });
    const moved = nodes.map((n) => (n.id === "p" ? { ...n, position: { x: 250.6, y: -59.4 } } : n));
    const back = toGraph(moved, edges);
    expect(back.transitions).toEqual(g.transitions);
    expect(back.steps.find((s) => s.flowStepId === "p")!.flowConfig.position).toEqual({ x: 251, y: -59 });
    expect(back.steps.find((s) => s.flowStepId === "s")!.flowConfig.position).toEqual({ x: 0, y: 0 });
  });

  it("drops edges from outputs that no longer exist, to missing steps, and a second edge from one output", () => {
    const g = menu();
    const { nodes, edges } = toCanvas(g);
    // The "Адрес" button is removed in the settings: its edge goes with it.
    const m = nodes.find((n) => n.id === "m")!;
    const fewer = nodes.map((n) => (n === m ? toNode({ ...m.data.step, flowConfig: { ...m.data.step.flowConfig, buttons: [{ id: "a", label: "Цены" }] } } as FlowStep) : n));
    expect(pruneEdges(fewer, edges).map((e) => e.id)).not.toContain("m-button:b-e");
    expect(pruneEdges(nodes, edges)).toBe(edges);
    const extra = [...edges, { id: "dup", source: "s", target: "e", sourceHandle: "next" }, { id: "gone", source: "p", target: "zz", sourceHandle: "next" }];
    expect(toGraph(nodes, extra).transitions.map((t) => t.flowTransitionId)).toEqual(g.transitions.map((t) => t.flowTransitionId));
  });

  it("a new connection from an output replaces the old one; a step does not connect to itself", () => {
    const { edges } = toCanvas(menu());
    const next = connectEdge(edges, { source: "m", target: "p", sourceHandle: "button:b" });
    expect(next.filter((e) => e.source === "m" && e.sourceHandle === "button:b").map((e) => e.target)).toEqual(["p"]);
    expect(next.length).toBe(edges.length);
    expect(connectEdge(edges, { source: "p", target: "p" })).toBe(edges);
  });
});

describe("copy and paste", () => {
  it("copies the selected steps with new ids, shifted, with only the transitions between them; never the start", () => {
    const g = menu();
    const picked = g.steps.filter((s) => ["s", "m", "p"].includes(s.flowStepId));
    const copy = cloneSteps(picked, g.transitions, { x: 40, y: 40 });
    expect(copy.steps.map((s) => s.stepType)).toEqual(["message", "message"]);
    const ids = copy.steps.map((s) => s.flowStepId);
    expect(ids.some((id) => ["m", "p"].includes(id))).toBe(false);
    expect(copy.steps[0]!.flowConfig.position).toEqual({ x: 160, y: 40 });
    expect(copy.transitions).toHaveLength(1);
    expect(copy.transitions[0]).toMatchObject({ fromStepId: ids[0], toStepId: ids[1], sourceHandle: "button:a" });
    // The copy is independent: editing it leaves the original alone.
    (copy.steps[0]!.flowConfig as { text: string }).text = "Другое";
    expect((g.steps[1]!.flowConfig as { text: string }).text).toBe("Привет");
  });
});

describe("undo and redo", () => {
  it("walks back and forth over committed graphs, and a new change clears the redo side", () => {
    const g0 = menu();
    const g1 = { ...g0, steps: g0.steps.slice(0, 3) };
    const g2 = { ...g0, steps: g0.steps.slice(0, 2) };
    const { result } = renderHook(() => useGraphHistory(g0));
    expect(result.current.canUndo).toBe(false);
    act(() => result.current.record(g1));
    act(() => result.current.record(g2));
    let back: FlowGraph | null = null;
    act(() => void (back = result.current.undo()));
    expect(back).toBe(g1);
    act(() => void (back = result.current.undo()));
    expect(back).toBe(g0);
    expect(result.current.canUndo).toBe(false);
    act(() => void (back = result.current.undo()));
    expect(back).toBeNull();
    act(() => void (back = result.current.redo()));
    expect(back).toBe(g1);
    expect(result.current.canRedo).toBe(true);
    act(() => result.current.record(g0));
    expect(result.current.canRedo).toBe(false);
  });

  it("keeps at most 100 steps of history", () => {
    const g = menu();
    const { result } = renderHook(() => useGraphHistory(g));
    act(() => {
      for (let i = 0; i < 150; i++) result.current.record({ ...g, steps: [...g.steps] });
    });
    let undone = 0;
    act(() => {
      while (result.current.undo()) undone++;
    });
    expect(undone).toBe(100);
  });
});

describe("validation display", () => {
  it("lists the graph's issues under their steps' names; a click picks the step; a flow without issues says it can be published", () => {
    const g = menu();
    g.transitions = g.transitions.filter((t) => t.flowTransitionId !== "p-next-e");
    const issues = validateGraph(g, { fieldKeys: [], tagIds: [], assistantIds: [], flowIds: [] });
    expect(issues.map((i) => [i.stepId, i.code])).toEqual([["p", "deadEnd"]]);
    const onPick = vi.fn();
    const named = (id: string) => (id === "p" ? ({ ...g.steps.find((s) => s.flowStepId === id)!, name: "Цены" } as FlowStep) : undefined);
    render(<IssuesPanel issues={[...issues, { code: "noStart", message: "Добавьте шаг «Старт»" }]} stepOf={named} onPick={onPick} onClose={() => {}} />);
    const rows = screen.getAllByTestId("flow-issue");
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain("Цены");
    fireEvent.click(rows[0]!);
    expect(onPick).toHaveBeenCalledWith("p");
    expect(rows[1]).toHaveProperty("disabled", true);
    cleanup();
    render(<IssuesPanel issues={[]} stepOf={() => undefined} onPick={onPick} onClose={() => {}} />);
    expect(screen.getByText("Ошибок нет: сценарий можно опубликовать.")).toBeTruthy();
  });
});
