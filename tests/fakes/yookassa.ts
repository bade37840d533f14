import { createHash, randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import { type FakeHandler, type FakeState, json, type RecordedRequest, startFake } from "./index";

/**
 * Fake YooKassa API v3 (INTEGRATIONS.md §1) under `{url}/v3`: HTTP Basic with the shop id and
 * secret key, an Idempotence-Key on every POST (same key + same body → the first answer replayed;
 * same key + another body → 400 "Idempotence key duplicated"), payments create/get/capture/cancel,
 * refunds, `GET /me`, recurring charges with `payment_method_id`, and the receipt-required 400 when
 * the shop has fiscalization on. The payer's side is a confirmation page at
 * `/checkout/payments/{id}` with "Оплатить" and "Отклонить" buttons that redirect to `return_url`;
 * each change of a payment is a notification `{type:"notification", event, object}` POSTed to the
 * configured webhook URL (and kept for tests at `GET /__notifications`).
 *
 * Control: `POST /__config {webhookUrl?, fiscalization?, fail500Next?, declineRecurring?}`
 * (`fail500Next: n`: the next n POSTs are carried out but answered 500, so only a retry with the
 * same key learns the result; with `failFor: accountId` only POSTs whose metadata names that account
 * count, so tests running beside each other do not take each other's failures), `POST /__pay/{id}` `{action: "succeed" | "decline", reason?}` (what
 * the buttons do), `POST /__revoke {paymentMethodId}` (the payer revokes a saved card: its next
 * charge is canceled with `permission_revoked`), `GET /__payments`.
 */
export const YOOKASSA_SHOP_ID = "100500";
export const YOOKASSA_SECRET_KEY = "test_yookassa_secret_key";

type Json = Record<string, any>;

interface YkData {
  payments: Map<string, Json>;
  refunds: Map<string, Json>;
  keys: Map<string, { hash: string; status: number; body: Json }>;
  methods: Map<string, { revoked: boolean }>;
  notifications: Json[];
  webhookUrl?: string;
  fiscalization?: boolean;
  fail500Next?: number;
  failFor?: string;
  declineRecurring?: string;
  baseUrl?: string;
}

function data(state: FakeState): YkData {
  const d = state.data as unknown as Partial<YkData>;
  d.payments ??= new Map();
  d.refunds ??= new Map();
  d.keys ??= new Map();
  d.methods ??= new Map();
  d.notifications ??= [];
  return d as YkData;
}

const err = (res: ServerResponse, status: number, code: string, description: string, parameter?: string) =>
  json(res, status, { type: "error", id: randomUUID(), code, description, ...(parameter ? { parameter } : {}) });

function paymentId(): string {
  // YooKassa's ids look like 2d7f3c1a-000f-5000-8000-1a2b3c4d5e6f.
  const u = randomUUID().split("-");
  return `${u[0]}-000f-5000-8000-${u[4]}`;
}

async function notify(d: YkData, event: string, object: Json) {
  const body = { type: "notification", event, object: structuredClone(object) };
  d.notifications.push(body);
  if (!d.webhookUrl) return;
  try {
    await fetch(d.webhookUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  } catch {
    /* the app is down: YooKassa would repeat; tests read /__notifications */
  }
}

function authorized(req: RecordedRequest): boolean {
  const expected = `Basic ${Buffer.from(`${YOOKASSA_SHOP_ID}:${YOOKASSA_SECRET_KEY}`).toString("base64")}`;
  return req.headers.authorization === expected;
}

function validReceipt(receipt: Json | undefined, amount: string): boolean {
  if (!receipt || typeof receipt !== "object") return false;
  if (!receipt.customer?.email && !receipt.customer?.phone) return false;
  if (!Array.isArray(receipt.items) || !receipt.items.length) return false;
  const sum = receipt.items.reduce((s: number, it: Json) => s + Math.round(Number(it.amount?.value) * 100) * Number(it.quantity ?? 1), 0);
  return receipt.items.every((it: Json) => it.description && it.vat_code !== undefined && it.amount?.currency === "RUB") && sum === Math.round(Number(amount) * 100);
}

function savedMethod(saved: boolean): Json {
  return {
    type: "bank_card",
    id: randomUUID(),
    saved,
    title: "Bank card *4444",
    card: { first6: "555555", last4: "4444", expiry_month: "12", expiry_year: "2030", card_type: "MasterCard", issuer_country: "RU" },
  };
}

/** A payment reaches its outcome (the payer's button, or a recurring charge), with its notification. */
async function settle(d: YkData, p: Json, outcome: "succeed" | "decline", reason = "general_decline") {
  if (p.status !== "pending") return;
  if (outcome === "succeed") {
    p.payment_method = p.payment_method ?? savedMethod(!!p._save);
    if (p.payment_method.saved) d.methods.set(p.payment_method.id, { revoked: false });
    p.paid = true;
    if (p._capture === false) {
      p.status = "waiting_for_capture";
      await notify(d, "payment.waiting_for_capture", view(p));
      return;
    }
    p.status = "succeeded";
    p.captured_at = new Date().toISOString();
    p.refundable = true;
    await notify(d, "payment.succeeded", view(p));
  } else {
    p.status = "canceled";
    p.cancellation_details = { party: reason === "permission_revoked" ? "yoo_kassa" : "payment_network", reason };
    await notify(d, "payment.canceled", view(p));
  }
}

/** The payment as the API shows it (without our private fields). */
function view(p: Json): Json {
  return Object.fromEntries(Object.entries(p).filter(([k]) => !k.startsWith("_")));
}

async function createPayment(d: YkData, body: Json, res: ServerResponse): Promise<{ status: number; body: Json }> {
  const value = String(body.amount?.value ?? "");
  if (!/^\d+(\.\d{1,2})?$/.test(value) || body.amount?.currency !== "RUB") return { status: 400, body: errorBody("invalid_request", "Invalid amount", "amount.value") };
  if (d.fiscalization && !validReceipt(body.receipt, value)) return { status: 400, body: errorBody("invalid_request", "Receipt is missing or illegal", "receipt") };
  const recurring = typeof body.payment_method_id === "string";
  if (!recurring && body.confirmation?.type !== "redirect") return { status: 400, body: errorBody("invalid_request", "Confirmation is missing", "confirmation") };
  const id = paymentId();
  const p: Json = {
    id,
    status: "pending",
    paid: false,
    amount: { value: Number(value).toFixed(2), currency: "RUB" },
    recipient: { account_id: YOOKASSA_SHOP_ID, gateway_id: "100700" },
    created_at: new Date().toISOString(),
    description: body.description,
    metadata: body.metadata ?? {},
    refundable: false,
    test: true,
    _capture: body.capture !== false,
    _save: !!body.save_payment_method,
  };
  if (recurring) {
    const m = d.methods.get(body.payment_method_id);
    if (!m) return { status: 400, body: errorBody("invalid_request", "Payment method not found", "payment_method_id") };
    p.payment_method = { ...savedMethod(true), id: body.payment_method_id };
    d.payments.set(id, p);
    if (m.revoked) await settle(d, p, "decline", "permission_revoked");
    else if (d.declineRecurring) await settle(d, p, "decline", d.declineRecurring);
    else await settle(d, p, "succeed");
  } else {
    p.confirmation = { type: "redirect", return_url: body.confirmation.return_url, confirmation_url: `${d.baseUrl}/checkout/payments/${id}` };
    d.payments.set(id, p);
  }
  void res;
  return { status: 200, body: view(p) };
}

const errorBody = (code: string, description: string, parameter?: string) => ({ type: "error", id: randomUUID(), code, description, ...(parameter ? { parameter } : {}) });

/** Every POST of the API: the key's first answer is kept and replayed; another body under the same key is refused. */
async function idempotent(d: YkData, req: RecordedRequest, res: ServerResponse, run: () => Promise<{ status: number; body: Json }>) {
  const key = req.headers["idempotence-key"];
  if (!key) return err(res, 400, "invalid_request", "Idempotence key is missing", "Idempotence-Key");
  if (key.length > 64) return err(res, 400, "invalid_request", "Idempotence key is too long", "Idempotence-Key");
  const hash = createHash("sha256").update(`${req.path}\n${req.rawBody}`).digest("hex");
  const seen = d.keys.get(key);
  if (seen) {
    if (seen.hash !== hash) return err(res, 400, "invalid_request", "Idempotence key duplicated", "Idempotence-Key");
    // A repeat under the same key may get a 500 too (the outage goes on); it changes nothing.
    if (takeFailure(d, req)) return err(res, 500, "internal_server_error", "Internal server error");
    return json(res, seen.status, seen.body);
  }
  const out = await run();
  d.keys.set(key, { hash, ...out });
  if (takeFailure(d, req)) return err(res, 500, "internal_server_error", "Internal server error");
  return json(res, out.status, out.body);
}

/** Whether this POST takes one of the scripted 500s (`fail500Next`, for `failFor`'s account only when set). */
function takeFailure(d: YkData, req: RecordedRequest): boolean {
  if (!d.fail500Next || d.fail500Next <= 0) return false;
  if (d.failFor && (req.body as { metadata?: { accountId?: string } } | undefined)?.metadata?.accountId !== d.failFor) return false;
  d.fail500Next--;
  return true;
}

function page(p: Json): string {
  const amount = `${p.amount.value} ₽`;
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>ЮKassa (тест) — оплата</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;padding:32px;max-width:420px;box-shadow:0 2px 12px #0002}h1{font-size:20px;margin:0 0 8px}
.sum{font-size:28px;font-weight:700;margin:16px 0}.row{display:flex;gap:12px;margin-top:24px}button{flex:1;font-size:16px;padding:12px;border-radius:8px;border:0;cursor:pointer}
.pay{background:#2e7d32;color:#fff}.decline{background:#eee}</style></head><body><main>
<p>Тестовый магазин ЮKassa (локальная замена)</p><h1>${escapeHtml(String(p.description ?? "Оплата"))}</h1><div class="sum">${amount}</div>
<p>Карта: 5555 5555 5555 4444 (тестовая)</p>
<div class="row"><form method="post" action="/checkout/payments/${p.id}/pay"><button class="pay" type="submit">Оплатить</button></form>
<form method="post" action="/checkout/payments/${p.id}/decline"><button class="decline" type="submit">Отклонить</button></form></div>
</main></body></html>`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export const yookassaHandler: FakeHandler = async (req, res, state) => {
  const d = data(state);
  d.baseUrl ??= `http://${req.headers.host}`;
  const url = new URL(req.path, "http://fake");
  const body = (req.body && typeof req.body === "object" ? req.body : {}) as Json;
  const parts = url.pathname.split("/").filter(Boolean);
  // Control endpoints.
  if (url.pathname === "/__config" && req.method === "POST") {
    if ("fail500Next" in body) d.failFor = undefined;
    for (const k of ["webhookUrl", "fiscalization", "fail500Next", "failFor", "declineRecurring"] as const) if (k in body) (d as any)[k] = body[k];
    return json(res, 200, { ok: true });
  }
  if (url.pathname === "/__notifications") return json(res, 200, d.notifications);
  if (url.pathname === "/__payments") return json(res, 200, [...d.payments.values()].map(view));
  if (parts[0] === "__pay" && parts[1] && req.method === "POST") {
    const p = d.payments.get(parts[1]);
    if (!p) return err(res, 404, "not_found", "Payment not found");
    await settle(d, p, body.action === "decline" ? "decline" : "succeed", body.reason);
    return json(res, 200, view(p));
  }
  if (url.pathname === "/__revoke" && req.method === "POST") {
    const m = d.methods.get(String(body.paymentMethodId));
    if (m) m.revoked = true;
    return json(res, 200, { ok: !!m });
  }
  // The payer's confirmation page.
  if (parts[0] === "checkout" && parts[1] === "payments" && parts[2]) {
    const p = d.payments.get(parts[2]);
    if (!p) return err(res, 404, "not_found", "Payment not found");
    if (req.method === "GET") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(page(p));
      return;
    }
    if (req.method === "POST" && (parts[3] === "pay" || parts[3] === "decline")) {
      await settle(d, p, parts[3] === "pay" ? "succeed" : "decline", parts[3] === "decline" ? "general_decline" : undefined);
      res.writeHead(303, { location: p.confirmation?.return_url ?? "/" });
      res.end();
      return;
    }
  }
  if (parts[0] !== "v3") return err(res, 404, "not_found", "Not found");
  if (!authorized(req)) return err(res, 401, "invalid_credentials", "Authentication error: shopId or secret key is wrong");
  const [, resource, id, action] = parts;
  if (resource === "me" && req.method === "GET") return json(res, 200, { account_id: YOOKASSA_SHOP_ID, test: true, fiscalization_enabled: !!d.fiscalization, payment_methods: ["bank_card", "sbp"], status: "enabled" });
  if (resource === "payments") {
    if (req.method === "POST" && !id) return idempotent(d, req, res, () => createPayment(d, body, res));
    const p = id ? d.payments.get(id) : undefined;
    if (req.method === "GET" && id) return p ? json(res, 200, view(p)) : err(res, 404, "not_found", "Payment not found");
    if (req.method === "POST" && p && (action === "capture" || action === "cancel")) {
      return idempotent(d, req, res, async () => {
        if (p.status !== "waiting_for_capture") return { status: 400, body: errorBody("invalid_request", `Payment is in ${p.status} status`, "status") };
        if (action === "capture") {
          p.status = "succeeded";
          p.captured_at = new Date().toISOString();
          p.refundable = true;
          await notify(d, "payment.succeeded", view(p));
        } else {
          p.status = "canceled";
          p.cancellation_details = { party: "merchant", reason: "canceled_by_merchant" };
          await notify(d, "payment.canceled", view(p));
        }
        return { status: 200, body: view(p) };
      });
    }
    return err(res, 404, "not_found", "Payment not found");
  }
  if (resource === "refunds") {
    if (req.method === "POST" && !id)
      return idempotent(d, req, res, async () => {
        const p = d.payments.get(String(body.payment_id));
        if (!p) return { status: 404, body: errorBody("not_found", "Payment not found", "payment_id") };
        const cents = Math.round(Number(body.amount?.value) * 100);
        const refunded = Math.round(Number(p.refunded_amount?.value ?? 0) * 100);
        if (p.status !== "succeeded" || !(cents > 0) || cents + refunded > Math.round(Number(p.amount.value) * 100))
          return { status: 400, body: errorBody("invalid_request", "Refund amount is illegal", "amount") };
        p.refunded_amount = { value: ((cents + refunded) / 100).toFixed(2), currency: "RUB" };
        const r = { id: randomUUID(), payment_id: p.id, status: "succeeded", amount: { value: (cents / 100).toFixed(2), currency: "RUB" }, created_at: new Date().toISOString(), description: body.description };
        d.refunds.set(r.id, r);
        await notify(d, "refund.succeeded", r);
        return { status: 200, body: r };
      });
    const r = id ? d.refunds.get(id) : undefined;
    return r ? json(res, 200, r) : err(res, 404, "not_found", "Refund not found");
  }
  return err(res, 404, "not_found", "Not found");
};

/** Starts the fake; its API base for the Worker is `${url}/v3`. */
export async function startYooKassaFake(port = 0) {
  const fake = await startFake("yookassa", yookassaHandler, port);
  data(fake.state).baseUrl = fake.url;
  return fake;
}
