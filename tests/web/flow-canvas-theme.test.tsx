import { act, cleanup, render } from "@testing-library/react";
import { ReactFlowProvider } from "@xyflow/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { FlowCanvas } from "@/features/flows/editor/flow-canvas";
import type { FlowEditor } from "@/features/flows/editor/use-flow-editor";
import { i18n } from "@/lib/i18n";
import { resetPreferences, setPreferences } from "@/lib/preferences";
import { stubLayout } from "./signed-in";

/**
 * The flow editor's canvas follows the app's theme (QA: in the dark theme its zoom buttons and
 * minimap stayed white, the icons at 1.2:1): React Flow gets the theme preference as its colorMode,
 * so its dark look (and the app's colours mapped onto it in styles.css) applies.
 */
const editor = { nodes: [], edges: [], onNodesChange: () => {}, onEdgesChange: () => {}, onConnect: () => {} } as unknown as FlowEditor;

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["flows"]);
  stubLayout();
});
afterEach(() => {
  cleanup();
  resetPreferences();
});

describe("flow canvas theme", () => {
  it("is dark in the dark theme and light in the light one, switching with the preference", () => {
    setPreferences({ theme: "dark" });
    const { container } = render(
      <ReactFlowProvider>
        <div style={{ width: 800, height: 600 }}>
          <FlowCanvas editor={editor} readOnly={false} onAddAt={() => {}} />
        </div>
      </ReactFlowProvider>,
    );
    const canvas = container.querySelector(".react-flow")!;
    expect(canvas.classList.contains("dark")).toBe(true);
    act(() => setPreferences({ theme: "light" }));
    expect(canvas.classList.contains("dark")).toBe(false);
    expect(canvas.classList.contains("light")).toBe(true);
  });
});
