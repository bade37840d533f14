import { cleanup, render } from "@testing-library/react";
import { ReactFlowProvider } from "@xyflow/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { FlowCanvas } from "@/features/flows/editor/flow-canvas";
import { revealShift } from "@/features/flows/editor/flow-editor-view";
import type { FlowEditor } from "@/features/flows/editor/use-flow-editor";
import { i18n } from "@/lib/i18n";
import { stubLayout } from "./signed-in";

/**
 * QA: with a step's settings open, the minimap in the canvas's bottom corner covered the output
 * labels and handles of the steps near it. It is not shown while the settings are open and is
 * smaller otherwise; and a step whose settings open stays in view (the canvas gets narrower by the
 * panel: a step near its end edge is brought back in).
 */
const step = { flowStepId: "m", name: "Сообщение", stepType: "message", flowConfig: { position: { x: 0, y: 0 }, text: "Привет" } };
const editor = (selected: boolean) => ({ nodes: [], edges: [], onNodesChange: () => {}, onEdgesChange: () => {}, onConnect: () => {}, selectedStep: selected ? step : null }) as unknown as FlowEditor;

function mount(selected: boolean) {
  return render(
    <ReactFlowProvider>
      <div style={{ width: 800, height: 600 }}>
        <FlowCanvas editor={editor(selected)} readOnly={false} onAddAt={() => {}} />
      </div>
    </ReactFlowProvider>,
  );
}

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["flows"]);
  stubLayout();
});
afterEach(cleanup);

describe("flow canvas minimap", () => {
  it("is there, 160×104, while no step's settings are open", () => {
    const { container } = mount(false);
    const svg = container.querySelector(".react-flow__minimap svg")!;
    expect(svg).not.toBeNull();
    expect([svg.getAttribute("width"), svg.getAttribute("height")]).toEqual(["160", "104"]);
  });

  it("is not shown while a step's settings are open", () => {
    const { container } = mount(true);
    expect(container.querySelector(".react-flow")).not.toBeNull();
    expect(container.querySelector(".react-flow__minimap")).toBeNull();
  });
});

describe("the selected step in view", () => {
  const pane = { left: 200, top: 100, right: 1000, bottom: 700 };
  it("moves a step cut by the pane's end edge back in, with a margin", () => {
    expect(revealShift({ left: 900, top: 300, right: 1132, bottom: 380 }, pane)).toEqual({ dx: -156, dy: 0 });
    expect(revealShift({ left: 500, top: 650, right: 732, bottom: 750 }, pane)).toEqual({ dx: 0, dy: -74 });
    expect(revealShift({ left: 150, top: 80, right: 382, bottom: 160 }, pane)).toEqual({ dx: 74, dy: 44 });
  });
  it("leaves a step already in view alone; a step wider than the pane keeps its start in view", () => {
    expect(revealShift({ left: 400, top: 300, right: 632, bottom: 380 }, pane)).toEqual({ dx: 0, dy: 0 });
    expect(revealShift({ left: 100, top: 300, right: 1100, bottom: 380 }, pane)).toEqual({ dx: 124, dy: 0 });
  });
});
