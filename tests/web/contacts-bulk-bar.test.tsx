import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ConfirmDialogHost } from "@/components/confirm-dialog";
import { BulkBar, type BulkTarget } from "@/features/contacts/components/bulk-bar";
import { customFieldKeys } from "@/features/custom-fields/api";
import { i18n } from "@/lib/i18n";
import { sessionClient, signOut, stubLayout } from "./signed-in";
import { jsonResponse, stubFetch, type FetchCall } from "./support/fixtures";
import { renderWithClient } from "./support/render";

/** The bulk bar: it acts on the chosen ids or on the whole filter, deletes after a confirmation that names the number, and hides delete from operators. */
const ACCOUNT = "acc-1";
const TAGS = [{ tagId: "t-vip", name: "VIP", color: "#FF9F43", contactCount: 2 }];

let calls: FetchCall[];
const posts = () => calls.filter((c) => c.init?.method === "POST").map((c) => JSON.parse(String(c.init.body)));

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["contacts", "common"]);
  stubLayout();
});
beforeEach(() => {
  calls = stubFetch((url, init) => (init?.method === "POST" ? jsonResponse(200, { affected: 3, message: "Готово" }) : jsonResponse(200, { data: url.includes("/tags") ? TAGS : [] })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOut();
});

function renderBar(role: "owner" | "operator", target: BulkTarget, onSelectAll = vi.fn(), onClear = vi.fn()) {
  const client = sessionClient(role);
  client.setQueryData(customFieldKeys.tags(ACCOUNT), { data: TAGS } as never);
  renderWithClient(
    client,
    <>
      <BulkBar accountId={ACCOUNT} target={target} pageCount={2} total={57} onSelectAll={onSelectAll} onClear={onClear} />
      <ConfirmDialogHost />
    </>,
  );
  return { onSelectAll, onClear };
}

describe("contacts bulk bar", () => {
  it("offers every contact matching the filter once the page is chosen, and tags the chosen ids", async () => {
    const { onSelectAll } = renderBar("operator", { kind: "ids", ids: ["c1", "c2"] });
    expect(screen.getByTestId("bulk-count").textContent).toBe("Выбрано 2 контакта");
    fireEvent.click(screen.getByTestId("bulk-select-all"));
    expect(onSelectAll).toHaveBeenCalled();
    expect(screen.queryByTestId("bulk-delete")).toBeNull();
    // whom broadcasts reach, in bulk, is for those who run broadcasts
    expect(screen.queryByTestId("bulk-unsubscribe")).toBeNull();
    expect(screen.queryByTestId("bulk-subscribe")).toBeNull();
    fireEvent.click(screen.getByTestId("bulk-tag"));
    fireEvent.click(within(await screen.findByRole("listbox")).getByText("VIP"));
    await waitFor(() => expect(posts()).toEqual([{ action: "tag", tagId: "t-vip", ids: ["c1", "c2"] }]));
  });

  it("sends the filter (finished parts only) for «all matching», and deletes only after a confirmation naming the number", async () => {
    const { onClear } = renderBar("owner", { kind: "filter", filter: { tags: { any: ["t-vip"] }, fields: [{ key: "", op: "equals" }] }, total: 57 });
    expect(screen.getByTestId("bulk-count").textContent).toBe("Выбраны все 57 контактов по фильтру");
    fireEvent.click(screen.getByTestId("bulk-delete"));
    const dialog = await screen.findByTestId("confirm-dialog");
    expect(dialog.textContent).toContain("Удалить 57 контактов?");
    expect(posts()).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Удалить 57 контактов" }));
    await waitFor(() => expect(posts()).toEqual([{ action: "delete", filter: { tags: { any: ["t-vip"] } } }]));
    await waitFor(() => expect(onClear).toHaveBeenCalled());
  });

  it("unsubscribes from broadcasts and subscribes again, each after a confirmation naming the number", async () => {
    renderBar("owner", { kind: "ids", ids: ["c1", "c2", "c3"] });
    fireEvent.click(screen.getByTestId("bulk-unsubscribe"));
    let dialog = await screen.findByTestId("confirm-dialog");
    expect(dialog.textContent).toContain("Отписать 3 контакта от рассылок?");
    expect(posts()).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Отписать" }));
    await waitFor(() => expect(posts()).toEqual([{ action: "unsubscribe", ids: ["c1", "c2", "c3"] }]));
    await waitFor(() => expect(screen.queryByTestId("confirm-dialog")).toBeNull());
    fireEvent.click(screen.getByTestId("bulk-subscribe"));
    dialog = await screen.findByTestId("confirm-dialog");
    expect(dialog.textContent).toContain("Подписать 3 контакта на рассылки?");
    expect(dialog.textContent).toContain("в том числе те, кто отписался сам");
    fireEvent.click(within(dialog).getByRole("button", { name: "Подписать" }));
    await waitFor(() => expect(posts()).toEqual([{ action: "unsubscribe", ids: ["c1", "c2", "c3"] }, { action: "subscribe", ids: ["c1", "c2", "c3"] }]));
  });
});
