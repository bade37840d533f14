import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { FlowGraph } from "@worker/features/flows/contract";
import { flowKeys, type Flow } from "@/features/flows/api";
import { publishable } from "@/features/flows/editor/editor-toolbar";
import { i18n } from "@/lib/i18n";
import FlowEditorPage from "@/routes/account/flow-editor";
import { sessionClient, signOut, stubLayout } from "./signed-in";

/**
 * The editor's toolbar tells a published flow with edits since («Есть неопубликованные правки», as
 * the list says) and offers Publish only when there is something to publish (QA: after editing a
 * published flow it still said «Опубликован · Сохранено»; right after publishing Publish stayed on).
 */
const ACCOUNT = "acc-1";
const FLOW = "f1";
const graph: FlowGraph = {
  steps: [
    { flowStepId: "s", name: "Старт", stepType: "start", flowConfig: { position: { x: 0, y: 0 }, triggers: [{ type: "manual" }] } },
    { flowStepId: "e", name: "Конец", stepType: "end", flowConfig: { position: { x: 40, y: 500 } } },
  ],
  transitions: [{ flowTransitionId: "t1", fromStepId: "s", toStepId: "e", sourceHandle: "next" }],
} as unknown as FlowGraph;
const card = (over: Partial<Flow> = {}): Flow =>
  ({ flowId: FLOW, name: "Приветствие", status: "published", triggers: [], revision: 3, publishedVersion: 1, hasUnpublishedChanges: false, updatedAt: 0, updatedBy: null, started7d: 0, completed7d: 0, graph, issues: [], ...over }) as Flow;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const empty = { data: [], meta: { page: 1, limit: 100, total: 0, totalPages: 0 } };

function mount(flow: Flow) {
  const calls: { method: string; url: string }[] = [];
  const server = { revision: flow.revision, changed: flow.hasUnpublishedChanges, status: flow.status };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
      calls.push({ method, url });
      if (method === "PUT" && url.includes(`/flows/${FLOW}/graph`)) {
        server.revision += 1;
        server.changed = true;
        return json({ revision: server.revision, issues: [] });
      }
      if (method === "POST" && url.includes(`/flows/${FLOW}/publish`)) {
        server.changed = false;
        server.status = "published";
        return json({ publishedVersion: 2 });
      }
      if (method === "GET" && new URL(url, "http://x").pathname.endsWith(`/flows/${FLOW}`)) return json(card({ revision: server.revision, hasUnpublishedChanges: server.changed, status: server.status }));
      return json(empty);
    }),
  );
  const client = sessionClient("owner");
  client.setQueryData(flowKeys.detail(ACCOUNT, FLOW), flow);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/${ACCOUNT}/flows/${FLOW}/edit`]}>
        <Routes>
          <Route path="/:accountId/flows/:flowId/edit" element={<FlowEditorPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, calls };
}

const publishButton = () => screen.getByTestId("flow-publish") as HTMLButtonElement;
const badges = () => screen.getByTestId("flow-toolbar").textContent ?? "";

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["flows", "broadcasts", "common"]);
  stubLayout();
  // A desktop screen (the settings panel beside the canvas).
  window.matchMedia ??= ((query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, onchange: null, dispatchEvent: () => false })) as typeof window.matchMedia;
});
afterEach(() => {
  cleanup();
  signOut();
  vi.unstubAllGlobals();
});

describe("flow editor: unpublished edits and Publish", () => {
  it("a published flow without edits: «Опубликован», Publish off with the reason", () => {
    mount(card());
    expect(badges()).toContain("Опубликован");
    expect(badges()).not.toContain("Есть неопубликованные правки");
    expect(publishButton().disabled).toBe(true);
    expect(publishButton().title).toBe("Опубликована последняя версия: публиковать нечего");
  });

  it("after an edit is saved the toolbar says «Есть неопубликованные правки» and Publish is on; after publishing it is off again", async () => {
    const { client, calls } = mount(card());
    // An edit without issues: the steps laid out anew (their positions change).
    fireEvent.click(screen.getByTestId("flow-layout"));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true), { timeout: 4000 });
    await waitFor(() => expect(screen.getByTestId("save-state").dataset.state).toBe("saved"));
    expect(badges()).toContain("Есть неопубликованные правки");
    expect(publishButton().disabled).toBe(false);
    // The cached card is the server's now: a reopened editor starts from the saved revision.
    expect(client.getQueryData<Flow>(flowKeys.detail(ACCOUNT, FLOW))).toMatchObject({ revision: 4, hasUnpublishedChanges: true });

    await act(async () => fireEvent.click(publishButton()));
    await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.url.includes("/publish"))).toBe(true));
    await waitFor(() => expect(publishButton().disabled).toBe(true));
    expect(badges()).not.toContain("Есть неопубликованные правки");
  });

  it("a draft and an edit not yet saved are something to publish", () => {
    expect(publishable({ status: "draft", hasUnpublishedChanges: true }, "saved")).toBe(true);
    expect(publishable({ status: "published", hasUnpublishedChanges: false }, "pending")).toBe(true);
    expect(publishable({ status: "published", hasUnpublishedChanges: false }, "saved")).toBe(false);
    mount(card({ status: "draft", publishedVersion: null, hasUnpublishedChanges: true }));
    expect(publishButton().disabled).toBe(false);
    expect(badges()).toContain("Черновик");
  });
});
