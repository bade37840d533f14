import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { addMember, api, createAccount, registerUser } from "./helpers";

/**
 * Every account-scoped route, walked as an outsider (must get 404 as if the account did not exist)
 * and as an operator (must get 403 where the role forbids, and never 403 where it allows).
 * A route added without an entry here fails the test: decide what an operator may do there.
 */
const OPERATOR: Record<string, "allow" | "forbid"> = {
  "GET /api/accounts/:accountId": "allow",
  "PUT /api/accounts/:accountId": "forbid",
  "DELETE /api/accounts/:accountId": "forbid",
  "POST /api/accounts/:accountId/skip-wizard-step": "forbid",
  "PUT /api/accounts/:accountId/wizard": "forbid",
  "GET /api/accounts/:accountId/settings": "forbid",
  "PUT /api/accounts/:accountId/settings": "forbid",
  "PUT /api/accounts/:accountId/settings/downtime": "forbid",
  "GET /api/accounts/:accountId/webhook/event-types": "forbid",
  "GET /api/accounts/:accountId/members": "allow",
  "POST /api/accounts/:accountId/members/invitations": "forbid",
  "GET /api/accounts/:accountId/members/invitations": "forbid",
  "DELETE /api/accounts/:accountId/members/invitations/:invitationId": "forbid",
  "PATCH /api/accounts/:accountId/members/:userId": "forbid",
  "DELETE /api/accounts/:accountId/members/:userId": "forbid",
  "POST /api/accounts/:accountId/leave": "allow",
  "GET /api/accounts/:accountId/assistants": "allow",
  "POST /api/accounts/:accountId/assistants": "forbid",
  "GET /api/accounts/:accountId/assistants/:assistantId": "allow",
  "PATCH /api/accounts/:accountId/assistants/:assistantId": "forbid",
  "DELETE /api/accounts/:accountId/assistants/:assistantId": "forbid",
  "POST /api/accounts/:accountId/assistants/:assistantId/generate": "forbid",
  // the account's own AI provider: owners and admins only, reads included
  "GET /api/accounts/:accountId/ai-provider": "forbid",
  "PUT /api/accounts/:accountId/ai-provider": "forbid",
  "DELETE /api/accounts/:accountId/ai-provider": "forbid",
  "POST /api/accounts/:accountId/ai-provider/check": "forbid",
  "GET /api/platform-webwidget/accounts/:accountId/test-chats": "allow",
  "POST /api/platform-webwidget/accounts/:accountId/new-message": "allow",
  "POST /api/platform-webwidget/accounts/:accountId/new-message/stream": "allow",
  "GET /api/platform-webwidget/accounts/:accountId/test-chats/:contactId/messages": "allow",
  "DELETE /api/platform-webwidget/accounts/:accountId/test-chats/:contactId": "allow",
  // inbox (contacts, threads, messages, media): operators work the chats; only deleting a contact is forbidden
  "GET /api/accounts/:accountId/contacts/chat-contacts": "allow",
  "GET /api/accounts/:accountId/contacts/count/active": "allow",
  "GET /api/accounts/:accountId/contacts/export": "allow",
  "GET /api/accounts/:accountId/contacts/test-bot/messages": "allow",
  "POST /api/accounts/:accountId/contacts/test-bot/messages": "allow",
  "PUT /api/accounts/:accountId/contacts/threads/:threadId/set-status": "allow",
  "PATCH /api/accounts/:accountId/contacts/threads/:threadId": "allow",
  "GET /api/accounts/:accountId/contacts": "allow",
  "GET /api/accounts/:accountId/contacts/:contactId": "allow",
  "DELETE /api/accounts/:accountId/contacts/:contactId": "forbid",
  "GET /api/accounts/:accountId/contacts/:contactId/messages": "allow",
  "POST /api/accounts/:accountId/contacts/:contactId/messages": "allow",
  "DELETE /api/accounts/:accountId/contacts/:contactId/messages": "allow",
  // channels: operators see the state; connecting, switching and disconnecting is for admins
  "GET /api/accounts/:accountId/platform-telegram": "allow",
  "PUT /api/accounts/:accountId/platform-telegram": "forbid",
  "POST /api/accounts/:accountId/platform-telegram/toggle": "forbid",
  "DELETE /api/accounts/:accountId/platform-telegram": "forbid",
  "POST /api/accounts/:accountId/platform-whatsapp/create-instance": "forbid",
  "GET /api/accounts/:accountId/platform-whatsapp/settings": "allow",
  "PUT /api/accounts/:accountId/platform-whatsapp": "forbid",
  "GET /api/accounts/:accountId/platform-whatsapp/instance-settings": "allow",
  "PUT /api/accounts/:accountId/platform-whatsapp/instance-settings": "forbid",
  "GET /api/accounts/:accountId/platform-whatsapp/instance-state": "allow",
  "GET /api/accounts/:accountId/platform-whatsapp/get-qr-code": "forbid",
  "POST /api/accounts/:accountId/platform-whatsapp/connect-by-phone-code": "forbid",
  "POST /api/accounts/:accountId/platform-whatsapp/reboot": "forbid",
  "POST /api/accounts/:accountId/platform-whatsapp/logout": "forbid",
  "POST /api/accounts/:accountId/platform-whatsapp/toggle": "forbid",
  "DELETE /api/accounts/:accountId/platform-whatsapp": "forbid",
  "GET /api/accounts/:accountId/platform-instagram": "allow",
  "PUT /api/accounts/:accountId/platform-instagram": "forbid",
  "PATCH /api/accounts/:accountId/platform-instagram/settings": "forbid",
  "POST /api/accounts/:accountId/platform-instagram/toggle": "forbid",
  "DELETE /api/accounts/:accountId/platform-instagram": "forbid",
  "GET /api/accounts/:accountId/platform-instagram/oauth": "allow",
  "POST /api/accounts/:accountId/platform-instagram/oauth/start": "forbid",
  "GET /api/accounts/:accountId/platform-instagram/oauth/candidates/:pickId": "forbid",
  "POST /api/accounts/:accountId/platform-instagram/oauth/connect": "forbid",
  // Instagram comments are conversations: operators read and answer them
  "GET /api/accounts/:accountId/instagram-comments/posts": "allow",
  "GET /api/accounts/:accountId/instagram-comments/posts/:mediaId/comments": "allow",
  "POST /api/accounts/:accountId/instagram-comments/:commentId/reply": "allow",
  "GET /api/accounts/:accountId/media/*": "allow",
  // outgoing webhooks: settings of owners and admins; operators may not even read them (URLs, delivery log)
  "GET /api/accounts/:accountId/webhooks": "forbid",
  "POST /api/accounts/:accountId/webhooks": "forbid",
  "POST /api/accounts/:accountId/webhooks/deliveries/:deliveryId/redeliver": "forbid",
  "GET /api/accounts/:accountId/webhooks/:endpointId": "forbid",
  "PATCH /api/accounts/:accountId/webhooks/:endpointId": "forbid",
  "DELETE /api/accounts/:accountId/webhooks/:endpointId": "forbid",
  "POST /api/accounts/:accountId/webhooks/:endpointId/rotate-secret": "forbid",
  "POST /api/accounts/:accountId/webhooks/:endpointId/test": "forbid",
  "GET /api/accounts/:accountId/webhooks/:endpointId/deliveries": "forbid",
  "GET /api/media/:accountId/*": "allow",
  // broadcast quota: every member sees what is left (the broadcasts page shows it)
  "GET /api/accounts/:accountId/broadcast-quota": "allow",

  // custom fields and tags: operators read the definitions and fill contacts' values and tags; changing the definitions is for admins
  "GET /api/accounts/:accountId/custom-fields": "allow",
  "POST /api/accounts/:accountId/custom-fields": "forbid",
  "PUT /api/accounts/:accountId/custom-fields/order": "forbid",
  "GET /api/accounts/:accountId/custom-fields/:fieldId": "allow",
  "PATCH /api/accounts/:accountId/custom-fields/:fieldId": "forbid",
  "DELETE /api/accounts/:accountId/custom-fields/:fieldId": "forbid",
  "GET /api/accounts/:accountId/tags": "allow",
  "POST /api/accounts/:accountId/tags": "forbid",
  "PATCH /api/accounts/:accountId/tags/:tagId": "forbid",
  "DELETE /api/accounts/:accountId/tags/:tagId": "forbid",
  "PUT /api/accounts/:accountId/contacts/:contactId/fields": "allow",
  "PUT /api/accounts/:accountId/contacts/:contactId/tags": "allow",
  "PUT /api/accounts/:accountId/contacts/:contactId/subscription": "allow",
  // audience: operators tag and untag many contacts (bulk delete, subscribe and unsubscribe are refused inside the route, see audience.test.ts) and read segments; admins change segments
  "POST /api/accounts/:accountId/contacts/bulk": "allow",
  "GET /api/accounts/:accountId/segments": "allow",
  "POST /api/accounts/:accountId/segments": "forbid",
  "GET /api/accounts/:accountId/segments/:segmentId": "allow",
  "PATCH /api/accounts/:accountId/segments/:segmentId": "forbid",
  "DELETE /api/accounts/:accountId/segments/:segmentId": "forbid",
  "GET /api/accounts/:accountId/segments/:segmentId/count": "allow",
  // contact import creates contacts: admins and owners only
  // knowledge base: operators read the sources and search; owners and admins change them and the assistants' choice
  "GET /api/accounts/:accountId/knowledge": "allow",
  "GET /api/accounts/:accountId/knowledge/search": "allow",
  "POST /api/accounts/:accountId/knowledge/faq": "forbid",
  "POST /api/accounts/:accountId/knowledge/documents": "forbid",
  "POST /api/accounts/:accountId/knowledge/urls": "forbid",
  "GET /api/accounts/:accountId/knowledge/assistants/:assistantId": "allow",
  "PUT /api/accounts/:accountId/knowledge/assistants/:assistantId": "forbid",
  "GET /api/accounts/:accountId/knowledge/:sourceId": "allow",
  "PATCH /api/accounts/:accountId/knowledge/:sourceId": "forbid",
  "DELETE /api/accounts/:accountId/knowledge/:sourceId": "forbid",
  "POST /api/accounts/:accountId/knowledge/:sourceId/reindex": "forbid",
  "POST /api/accounts/:accountId/knowledge/:sourceId/refresh": "forbid",
  "GET /api/accounts/:accountId/contacts/import": "forbid",
  "POST /api/accounts/:accountId/contacts/import": "forbid",
  "GET /api/accounts/:accountId/contacts/import/:importId": "forbid",
  "GET /api/accounts/:accountId/contacts/import/:importId/report": "forbid",
  "GET /api/accounts/:accountId/audience/count": "allow",
  // broadcasts: operators follow them (list, card, recipients, stats, export); admins and owners create, change, start and stop them
  "GET /api/accounts/:accountId/broadcasts": "allow",
  "GET /api/accounts/:accountId/broadcast-audience": "allow",
  "GET /api/accounts/:accountId/broadcast-channels": "allow",
  "POST /api/accounts/:accountId/broadcast-media": "forbid",
  "POST /api/accounts/:accountId/broadcasts": "forbid",
  "GET /api/accounts/:accountId/broadcasts/:broadcastId": "allow",
  "PATCH /api/accounts/:accountId/broadcasts/:broadcastId": "forbid",
  "DELETE /api/accounts/:accountId/broadcasts/:broadcastId": "forbid",
  "POST /api/accounts/:accountId/broadcasts/:broadcastId/start": "forbid",
  "POST /api/accounts/:accountId/broadcasts/:broadcastId/pause": "forbid",
  "POST /api/accounts/:accountId/broadcasts/:broadcastId/resume": "forbid",
  "POST /api/accounts/:accountId/broadcasts/:broadcastId/cancel": "forbid",
  "POST /api/accounts/:accountId/broadcasts/:broadcastId/test": "forbid",
  "GET /api/accounts/:accountId/broadcasts/:broadcastId/recipients": "allow",
  "GET /api/accounts/:accountId/broadcasts/:broadcastId/stats": "allow",
  "GET /api/accounts/:accountId/broadcasts/:broadcastId/export": "allow",
  // flows: operators read them (list, card, templates, export); admins and owners create, edit, publish and delete them
  "GET /api/accounts/:accountId/flows": "allow",
  "GET /api/accounts/:accountId/flows/templates": "allow",
  "POST /api/accounts/:accountId/flows": "forbid",
  "POST /api/accounts/:accountId/flows/import": "forbid",
  "GET /api/accounts/:accountId/flows/:flowId": "allow",
  "PATCH /api/accounts/:accountId/flows/:flowId": "forbid",
  "DELETE /api/accounts/:accountId/flows/:flowId": "forbid",
  "PUT /api/accounts/:accountId/flows/:flowId/graph": "forbid",
  "POST /api/accounts/:accountId/flows/:flowId/publish": "forbid",
  "POST /api/accounts/:accountId/flows/:flowId/unpublish": "forbid",
  "POST /api/accounts/:accountId/flows/:flowId/duplicate": "forbid",
  "GET /api/accounts/:accountId/flows/:flowId/export": "allow",
  // catalogue (#17): operators read products, categories and promotions; admins and owners write, import and upload
  "GET /api/accounts/:accountId/products": "allow",
  "POST /api/accounts/:accountId/products": "forbid",
  "POST /api/accounts/:accountId/products/bulk": "forbid",
  "POST /api/accounts/:accountId/products/images": "forbid",
  "GET /api/accounts/:accountId/products/export": "allow",
  "GET /api/accounts/:accountId/products/import": "forbid",
  "POST /api/accounts/:accountId/products/import": "forbid",
  "GET /api/accounts/:accountId/products/import/:jobId": "forbid",
  "GET /api/accounts/:accountId/products/:productId": "allow",
  "PATCH /api/accounts/:accountId/products/:productId": "forbid",
  "DELETE /api/accounts/:accountId/products/:productId": "forbid",
  "POST /api/accounts/:accountId/products/:productId/duplicate": "forbid",
  "GET /api/accounts/:accountId/product-categories": "allow",
  "POST /api/accounts/:accountId/product-categories": "forbid",
  "PUT /api/accounts/:accountId/product-categories/order": "forbid",
  "PATCH /api/accounts/:accountId/product-categories/:categoryId": "forbid",
  "DELETE /api/accounts/:accountId/product-categories/:categoryId": "forbid",
  "GET /api/accounts/:accountId/promotions": "allow",
  "POST /api/accounts/:accountId/promotions": "forbid",
  "GET /api/accounts/:accountId/promotions/:promotionId": "allow",
  // an operator applying a customer's code in the chat records its use; the uses are read like the promotion
  "POST /api/accounts/:accountId/promotions/uses": "allow",
  "GET /api/accounts/:accountId/promotions/:promotionId/uses": "allow",
  // past product imports: like the import itself, admins and owners
  "GET /api/accounts/:accountId/products/imports": "forbid",
  "PATCH /api/accounts/:accountId/promotions/:promotionId": "forbid",
  "DELETE /api/accounts/:accountId/promotions/:promotionId": "forbid",
  // Google Calendar booking (#20): operators read the state, settings, calendars, free slots and bookings; admins and owners connect, change, book and cancel
  "GET /api/accounts/:accountId/integrations/google-calendar": "allow",
  "DELETE /api/accounts/:accountId/integrations/google-calendar": "forbid",
  "POST /api/accounts/:accountId/integrations/google-calendar/oauth/start": "forbid",
  "GET /api/accounts/:accountId/integrations/google-calendar/settings": "allow",
  "PUT /api/accounts/:accountId/integrations/google-calendar/settings": "forbid",
  "GET /api/accounts/:accountId/integrations/google-calendar/calendars": "allow",
  "GET /api/accounts/:accountId/integrations/google-calendar/slots": "allow",
  "GET /api/accounts/:accountId/integrations/google-calendar/bookings": "allow",
  "POST /api/accounts/:accountId/integrations/google-calendar/bookings": "forbid",
  "DELETE /api/accounts/:accountId/integrations/google-calendar/bookings/:bookingId": "forbid",
  // billing: owners read and pay, admins read; operators get 403 everywhere except the banner state (why the AI stopped)
  "GET /api/accounts/:accountId/billing/banner": "allow",
  // analytics and the control panel: every member reads them (the panel's balance only for those who read billing)
  "GET /api/accounts/:accountId/analytics": "allow",
  "GET /api/accounts/:accountId/analytics/export": "allow",
  "GET /api/accounts/:accountId/dashboard": "allow",
  "GET /api/accounts/:accountId/billing": "forbid",
  "PUT /api/accounts/:accountId/billing/auto-topup": "forbid",
  "POST /api/accounts/:accountId/billing/notifications/read": "forbid",
  "GET /api/accounts/:accountId/billing/plan-change": "forbid",
  "POST /api/accounts/:accountId/billing/plan-change": "forbid",
  "DELETE /api/accounts/:accountId/billing/plan-change": "forbid",
  "GET /api/accounts/:accountId/usage": "forbid",
  "GET /api/accounts/:accountId/ledger": "forbid",
  "GET /api/accounts/:accountId/payments": "forbid",
  "GET /api/accounts/:accountId/payments/:paymentId": "forbid",
  "GET /api/accounts/:accountId/payments/:paymentId/receipt": "forbid",
  "POST /api/accounts/:accountId/checkout": "forbid",
  "GET /api/accounts/:accountId/payment-methods": "forbid",
  "DELETE /api/accounts/:accountId/payment-methods/:methodId": "forbid",
  "GET /api/accounts/:accountId/requisites": "forbid",
  "PUT /api/accounts/:accountId/requisites": "forbid",
  // billing documents (invoices, acts): owners and admins read, owners issue invoices; operators 403
  "GET /api/accounts/:accountId/billing/documents": "forbid",
  "GET /api/accounts/:accountId/billing/documents/:documentId/html": "forbid",
  "POST /api/accounts/:accountId/billing/invoices": "forbid",
  // the flow runtime: operators read the counts and start, stop or resume a thread's flow; a test run of the draft is for editors
  "GET /api/accounts/:accountId/flows/:flowId/stats": "allow",
  "POST /api/accounts/:accountId/flows/:flowId/test": "forbid",
  "POST /api/accounts/:accountId/contacts/threads/:threadId/flow": "allow",
  // integrations (#20): operators read the hub, the Bitrix24 state, settings, live CRM lists and call log; admins and owners connect, configure and disconnect
  "GET /api/accounts/:accountId/integrations": "allow",
  "GET /api/accounts/:accountId/integrations/bitrix24": "allow",
  "PUT /api/accounts/:accountId/integrations/bitrix24": "forbid",
  "DELETE /api/accounts/:accountId/integrations/bitrix24": "forbid",
  "POST /api/accounts/:accountId/integrations/bitrix24/oauth/start": "forbid",
  "GET /api/accounts/:accountId/integrations/bitrix24/settings": "allow",
  "PUT /api/accounts/:accountId/integrations/bitrix24/settings": "forbid",
  "GET /api/accounts/:accountId/integrations/bitrix24/options": "allow",
  "GET /api/accounts/:accountId/integrations/bitrix24/log": "allow",
  "GET /api/accounts/:accountId/integrations/bitrix24/:kind": "allow",
};

/**
 * Routes that carry an account id but authenticate differently (signed webhooks, signed media links,
 * the platform administrators' area: tests/worker/broadcast-quota.test.ts and admin.test.ts).
 */
const NOT_MEMBER_SCOPED = [/^\/api\/webhooks\//, /^\/api\/media-public\//, /^\/api\/admin\//];
/** Called last: they change the caller's own membership. */
const LAST = ["POST /api/accounts/:accountId/leave"];

function accountRoutes() {
  const seen = new Set<string>();
  const out: { method: string; path: string; key: string }[] = [];
  for (const r of app.routes) {
    if (r.method === "ALL") continue; // middleware
    if (!/\/:accountId(\/|$)/.test(r.path) && !/\/accounts\/:/.test(r.path)) continue;
    if (NOT_MEMBER_SCOPED.some((re) => re.test(r.path))) continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ method: r.method, path: r.path, key });
  }
  return out.sort((a, b) => Number(LAST.includes(a.key)) - Number(LAST.includes(b.key)));
}

function concrete(path: string, accountId: string) {
  return path
    .replace(/^\/api/, "")
    .replace(":accountId", accountId)
    .replace(/:[A-Za-z]+(\{[^}]*\})?/g, "does-not-exist")
    .replace(/\*/g, "does-not-exist");
}

describe("tenant isolation over every account-scoped route", () => {
  const routes = accountRoutes();

  it("uses :accountId as the account parameter everywhere", () => {
    const odd = routes.filter((r) => /\/accounts\/:(?!accountId)/.test(r.path));
    expect(odd.map((r) => r.key)).toEqual([]);
  });

  it("every account-scoped route has an operator expectation (add new routes to OPERATOR)", () => {
    expect(routes.length).toBeGreaterThanOrEqual(15);
    const missing = routes.filter((r) => !(r.key in OPERATOR)).map((r) => r.key);
    expect(missing).toEqual([]);
    const stale = Object.keys(OPERATOR).filter((k) => !routes.some((r) => r.key === k));
    expect(stale).toEqual([]);
  });

  it("an outsider gets 404 everywhere; an operator gets 403 exactly where forbidden", async () => {
    const owner = await registerUser("Владелец");
    const accountId = await createAccount(owner.token, "Чужой аккаунт");
    const outsider = await registerUser("Посторонний");
    await createAccount(outsider.token, "Свой аккаунт");
    const operator = await addMember(owner.token, accountId, "operator");
    const problems: string[] = [];
    for (const r of routes) {
      const path = concrete(r.path, accountId);
      const body = ["POST", "PUT", "PATCH"].includes(r.method) ? {} : undefined;
      const asOutsider = await api(r.method, path, { token: outsider.token, body });
      if (asOutsider.status !== 404 || asOutsider.body?.code !== "ACCOUNT_NOT_FOUND") problems.push(`outsider ${r.key} → ${asOutsider.status} ${asOutsider.body?.code ?? ""}`);
      const noToken = await api(r.method, path, { body });
      if (noToken.status !== 401) problems.push(`anonymous ${r.key} → ${noToken.status}`);
      const asOperator = await api(r.method, path, { token: operator.token, body });
      const expected = OPERATOR[r.key];
      if (expected === "forbid" && asOperator.status !== 403) problems.push(`operator ${r.key} → ${asOperator.status}, expected 403`);
      if (expected === "allow" && (asOperator.status === 403 || asOperator.body?.code === "ACCOUNT_NOT_FOUND" || asOperator.status >= 500))
        problems.push(`operator ${r.key} → ${asOperator.status} ${asOperator.body?.code ?? ""}, expected access`);
    }
    expect(problems).toEqual([]);
    // nothing the outsider or the operator did changed the owner's account
    const after = await api("GET", `/accounts/${accountId}`, { token: owner.token });
    expect(after.body.name).toBe("Чужой аккаунт");
  });
});

/**
 * The partner programme is scoped to the user, not an account: every /api/partners route needs a
 * session (but the public click tracking), a user who is not a partner reaches only the application
 * and the cabinet's head, another partner's code is 404; every /api/admin/partners route is 403 for
 * a user without the platform admin flag.
 */
describe("partner programme routes: own records only, admin routes for platform administrators", () => {
  const PUBLIC = ["GET /api/partners/codes/track-click"];
  const NOT_PARTNER_ALLOWED = ["GET /api/partners/applications", "POST /api/partners/applications", "GET /api/partners/me"];
  const routes = [...new Set(app.routes.filter((r) => r.method !== "ALL" && /^\/api\/(admin\/)?partners(\/|$)/.test(r.path)).map((r) => `${r.method} ${r.path}`))];

  it("anonymous 401, non-partner 403, another partner's code 404, non-admin 403 on admin routes", async () => {
    expect(routes.length).toBeGreaterThanOrEqual(20);
    const { approvedPartner } = await import("./partner-helpers");
    const owner = await approvedPartner("Владелец кода");
    const other = await approvedPartner("Другой партнёр");
    const stranger = await registerUser("Не партнёр");
    const problems: string[] = [];
    for (const key of routes) {
      if (PUBLIC.includes(key)) continue;
      const [method, path] = key.split(" ") as [string, string];
      const concretePath = path.replace(/^\/api/, "").replace(":codeId", owner.codeId).replace(/:[A-Za-z]+/g, "does-not-exist");
      const body = ["POST", "PUT", "PATCH"].includes(method) ? {} : undefined;
      const anon = await api(method, concretePath, { body });
      if (anon.status !== 401) problems.push(`anonymous ${key} → ${anon.status}`);
      if (path.startsWith("/api/admin/")) {
        const asUser = await api(method, concretePath, { token: other.token, body });
        if (asUser.status !== 403) problems.push(`non-admin ${key} → ${asUser.status}`);
        continue;
      }
      const asStranger = await api(method, concretePath, { token: stranger.token, body });
      if (!NOT_PARTNER_ALLOWED.includes(key) && asStranger.status !== 403 && asStranger.status !== 400) problems.push(`non-partner ${key} → ${asStranger.status}`);
      if (path.includes(":codeId")) {
        const asOther = await api(method, concretePath, { token: other.token, body: method === "PATCH" ? { label: "чужой" } : body });
        if (asOther.status !== 404) problems.push(`other partner ${key} → ${asOther.status}`);
      }
    }
    expect(problems).toEqual([]);
    const codes = await api("GET", "/partners/codes", { token: owner.token });
    expect(codes.body.data[0]).toMatchObject({ id: owner.codeId, label: null, active: true });
  });
});
