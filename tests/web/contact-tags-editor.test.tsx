import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { contactKeys } from "@/features/contacts/api";
import { customFieldKeys } from "@/features/custom-fields/api";
import { ContactTagsEditor } from "@/features/custom-fields/components/contact-tags-editor";
import { i18n } from "@/lib/i18n";
import { sessionClient, signOut, stubLayout } from "./signed-in";
import { jsonResponse, stubFetch, type FetchCall } from "./support/fixtures";
import { renderWithClient } from "./support/render";

/** A contact's tags: badges in their colours; an operator removes one or adds one from the account's tags. */
const ACCOUNT = "acc-1";
const CONTACT = "contact-1";
const VIP = { tagId: "t-vip", name: "VIP", color: "#FF9F43" };
const OPT = { tagId: "t-opt", name: "Опт", color: "#00BAD1" };

let calls: FetchCall[];
let replies: unknown[];
/** The bodies of the PUTs sent, in order. */
const puts = () => calls.filter((c) => c.init?.method === "PUT").map((c) => JSON.parse(String(c.init.body)));

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["customFields", "common"]);
  stubLayout();
});
beforeEach(() => {
  replies = [];
  calls = stubFetch(() => jsonResponse(200, replies.shift() ?? { data: [] }));
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
  renderWithClient(client, <ContactTagsEditor accountId={ACCOUNT} contact={contact} />, { router: true });
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
    await waitFor(() => expect(puts()).toEqual([{ tagIds: ["t-vip", "t-opt"] }]));
    await waitFor(() => expect((client.getQueryData(contactKeys.detail(ACCOUNT, CONTACT)) as { tags: unknown[] }).tags).toEqual([OPT, VIP]));

    replies.push({ tags: [] });
    fireEvent.click(screen.getByRole("button", { name: "Снять тег «VIP»" }));
    await waitFor(() => expect(puts()[1]).toEqual({ tagIds: [] }));
    await waitFor(() => expect((client.getQueryData(contactKeys.detail(ACCOUNT, CONTACT)) as { tags: unknown[] }).tags).toEqual([]));
  });
});
