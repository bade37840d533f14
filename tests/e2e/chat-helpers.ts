import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { igDm, metaSignature } from "../fakes/meta";
import { apiLogin, apiRegister, bearer, DEMO, DEMO_ACCOUNT_ID, mailLink, presetStorage, signInWithToken, uniqueEmail, type AuthResult } from "./helpers";

/** Data for the chat tests, made through the API: operators, an Instagram channel, customers writing in. */
export async function ownerAuth(request: APIRequestContext): Promise<AuthResult> {
  return apiLogin(request, DEMO.email, DEMO.password);
}

/** Invites a second operator into the demo account (invitation mail from the dev outbox) and registers them. */
export async function inviteOperator(request: APIRequestContext, owner: AuthResult, name = "Олег Оператор"): Promise<AuthResult> {
  const email = uniqueEmail("operator");
  const inv = await request.post(`/api/accounts/${DEMO_ACCOUNT_ID}/members/invitations`, { headers: bearer(owner.accessToken), data: { email, role: "operator" } });
  expect(inv.status(), await inv.text()).toBe(201);
  const link = await mailLink(request, email, "/invite");
  const token = new URL(link, "http://x").searchParams.get("token")!;
  return apiRegister(request, { email, password: "operator-pass-1", name, inviteToken: token });
}

/** Connects an Instagram professional account (the fake Graph API accepts any well-formed token). */
export async function connectInstagram(request: APIRequestContext, owner: AuthResult): Promise<string> {
  const id = String(17841400000000000 + Math.floor(Math.random() * 1e9));
  const res = await request.put(`/api/accounts/${DEMO_ACCOUNT_ID}/platform-instagram`, {
    headers: bearer(owner.accessToken),
    data: { instagramAccountId: id, accessToken: `EAAG-test-token-${id}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return id;
}

/** A customer's DM through the signed Instagram webhook, as Meta would deliver it. */
export async function customerWrites(request: APIRequestContext, igId: string, senderId: string, text: string) {
  const body = igDm(igId, senderId, `mid.${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`, text);
  const raw = JSON.stringify(body);
  const res = await request.post("/api/webhooks/instagram", { headers: { "content-type": "application/json", "x-hub-signature-256": metaSignature(raw) }, data: raw });
  expect(res.status()).toBe(200);
}

/**
 * Finds the Instagram contact `senderId` once the webhook went through the queue. By sender, not by
 * message text: the demo assistant may already have answered, so the last message is not the customer's.
 */
export async function waitForContact(request: APIRequestContext, auth: AuthResult, senderId: string): Promise<{ contactId: string; threadId: string; name: string }> {
  let found: { contactId: string; platformUserId: string; thread: { threadId: string }; name: string } | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/accounts/${DEMO_ACCOUNT_ID}/contacts/chat-contacts?platform=INSTAGRAM`, { headers: bearer(auth.accessToken) });
        const body = (await res.json()) as { data: { contactId: string; platformUserId: string; thread: { threadId: string }; name: string }[] };
        found = body.data.find((c) => c.platformUserId === senderId);
        return !!found;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return { contactId: found!.contactId, threadId: found!.thread.threadId, name: found!.name };
}

/** A browser context signed in as `auth`, with the chat page open and its socket joined. */
export async function openChat(browser: Browser, baseURL: string, auth: AuthResult, query = "", viewport = { width: 1440, height: 900 }): Promise<Page> {
  const ctx = await browser.newContext({ viewport, locale: "ru-RU", timezoneId: "Europe/Moscow" });
  const page = await ctx.newPage();
  await presetStorage(page, { language: "ru", theme: "light" });
  await signInWithToken(page, baseURL, auth);
  await page.goto(`/${DEMO_ACCOUNT_ID}/apps/chat${query}`);
  await expect(page.getByTestId("chat-page")).toHaveAttribute("data-socket", "open", { timeout: 15_000 });
  return page;
}
