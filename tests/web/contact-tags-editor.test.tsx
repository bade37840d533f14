import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { contactKeys } from "@/features/contacts/api";
import { customFieldKeys } from "@/features/custom-fields/api";
import { ContactTagsEditor } from "@/features/custom-fields/components/contact-tags-editor";
import { i18n } from "@/lib/i18n";
import { sessionClient, signOut, stubLayout } from "./signed-in";

/** A contact's tags: badges in their colours; an operator removes one or adds one from the account's tags. */
const ACCOUNT = "acc-1";
const CONTACT = "contact-1";
const VIP = { tagId: "t-vip", name: "VIP", color: "#FF9F43" };
const OPT = { tagId: "t-opt", name: "Опт", color: "#00BAD1" };

let puts: unknown[];
let replies: unknown[];

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["customFields", "common"]);
  stubLayout();
});
beforeEach(() => {
  puts = [];
  replies = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      if (init?.method === "PUT") puts.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(replies.shift() ?? { data: [] }), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOut();
});

function renderEditor(role: "operator" | null) {
  const client = sessionClient(role);
  client.setQueryData(customFieldKeys.tags(ACCOUNT), { data: [{ ...VIP, contactCount: 1 }, { ...OPT, contactCount: 0 }] } as never);
  const contact = { contactId: CONTACT, tags: [VIP] };
  client.setQueryData(contactKeys.detail(ACCOUNT, CONTACT), contact as never);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ContactTagsEditor accountId={ACCOUNT} contact={contact} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

describe("contact tags editor", () => {
  it("shows the tags read-only without the right to update the contact", () => {
    renderEditor(null);
    expect(screen.getByText("VIP")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Снять тег «VIP»" })).toBeNull();
    expect(screen.queryByTestId("contact-tags-add")).toBeNull();
  });

  it("lets an operator add a tag from the account's list and remove one, saving the exact set and patching the contact", async () => {
    const client = renderEditor("operator");
    fireEvent.click(screen.getByTestId("contact-tags-add"));
    replies.push({ tags: [OPT, VIP] });
    fireEvent.click(within(await screen.findByRole("listbox")).getByText("Опт"));
    await waitFor(() => expect(puts).toEqual([{ tagIds: ["t-vip", "t-opt"] }]));
    await waitFor(() => expect((client.getQueryData(contactKeys.detail(ACCOUNT, CONTACT)) as { tags: unknown[] }).tags).toEqual([OPT, VIP]));

    replies.push({ tags: [] });
    fireEvent.click(screen.getByRole("button", { name: "Снять тег «VIP»" }));
    await waitFor(() => expect(puts[1]).toEqual({ tagIds: [] }));
    await waitFor(() => expect((client.getQueryData(contactKeys.detail(ACCOUNT, CONTACT)) as { tags: unknown[] }).tags).toEqual([]));
  });
});
