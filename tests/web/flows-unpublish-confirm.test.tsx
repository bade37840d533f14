import { act, cleanup, fireEvent, renderHook, screen, waitFor, within } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ConfirmDialogHost } from "@/components/confirm-dialog";
import { useFlowActions } from "@/features/flows/use-flow-actions";
import { i18n } from "@/lib/i18n";
import { jsonResponse, stubFetch } from "./support/fixtures";
import { testQueryClient } from "./support/render";
import { stubLayout } from "./signed-in";

/**
 * «Снять с публикации» in the flows list asks first (QA: it took effect at once while Delete asked),
 * naming the flow and what happens: no new conversation starts it, the running ones finish on the
 * published version (a run keeps its own graph: worker/features/flows/runtime/store.ts).
 */
const ACCOUNT = "acc-1";
const flow = { flowId: "f1", name: "Приветственное меню" };

function setup() {
  const calls = stubFetch((url) => jsonResponse(200, url.includes("/unpublish") ? { ...flow, status: "draft" } : { data: [], meta: {} }));
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      {children}
      <ConfirmDialogHost />
    </QueryClientProvider>
  );
  const { result } = renderHook(() => useFlowActions(ACCOUNT), { wrapper });
  const unpublishCalls = () => calls.filter((c) => c.init?.method === "POST" && c.url.includes("/unpublish"));
  return { result, unpublishCalls };
}

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["flows", "common"]);
  stubLayout();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("flows list: unpublish asks first", () => {
  it("names the flow and the running conversations' fate; Cancel leaves it published", async () => {
    const { result, unpublishCalls } = setup();
    let done!: Promise<void>;
    act(() => void (done = result.current.act(flow, "unpublish")));
    const dialog = await screen.findByTestId("confirm-dialog");
    expect(dialog.textContent).toContain("Снять сценарий с публикации?");
    expect(dialog.textContent).toContain("Сценарий «Приветственное меню» перестанет запускаться в новых диалогах");
    expect(dialog.textContent).toContain("Диалоги, которые уже идут по нему, дойдут до конца по опубликованной версии.");
    expect(unpublishCalls()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Отмена" }));
    await act(() => done);
    expect(unpublishCalls()).toHaveLength(0);
  });

  it("unpublishes once confirmed", async () => {
    const { result, unpublishCalls } = setup();
    let done!: Promise<void>;
    act(() => void (done = result.current.act(flow, "unpublish")));
    const dialog = await screen.findByTestId("confirm-dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Снять с публикации" }));
    await act(() => done);
    await waitFor(() => expect(unpublishCalls()).toHaveLength(1));
    expect(unpublishCalls()[0]!.url).toContain(`/accounts/${ACCOUNT}/flows/f1/unpublish`);
  });
});
