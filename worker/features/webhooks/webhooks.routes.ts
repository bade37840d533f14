import { Hono } from "hono";
import type { Context } from "hono";
import { verifyMetaSignature } from "../../channels/instagram/instagram";
import type { AppBindings, Env } from "../../env";
import { timingSafeEqualStr } from "../../lib/crypto";
import { AppError } from "../../lib/errors";
import { bearerToken } from "../../middleware/session";
import { secretMatches } from "../channels/channels.service";
import { channelFor } from "./auth-cache";
import type { InboundQueueMessage } from "../channels/types";

/**
 * Messenger webhooks: the secret is checked before anything is stored; a valid call is answered
 * 200 as soon as its raw body is on the inbound queue (the consumer does the work).
 */
const refused = (status: 401 | 403, message: string) => new AppError(status, "WEBHOOK_REFUSED", message);

async function enqueue(c: Context<AppBindings>, msg: InboundQueueMessage) {
  await c.env.INBOUND_QUEUE.send(msg, { contentType: "json" });
}

function rawText(buf: ArrayBuffer): string {
  return new TextDecoder().decode(buf);
}

export const webhookRoutes = new Hono<AppBindings>()
  .post("/telegram/:accountId", async (c) => {
    const accountId = c.req.param("accountId");
    const ch = await channelFor(c.env, accountId, "TELEGRAM");
    const ok = ch ? await secretMatches(c.req.header("x-telegram-bot-api-secret-token"), ch.webhook_secret_hash) : false;
    if (!ch || !ok) throw refused(401, "Неверный секрет вебхука Telegram");
    const body = rawText(await c.req.arrayBuffer());
    if (!ch.enabled) {
      c.get("log").info("webhook for a switched-off channel dropped", { platform: "TELEGRAM", accountId });
      return c.json({ ok: true, dropped: "channel switched off" }, 200);
    }
    await enqueue(c, { kind: "webhook", platform: "TELEGRAM", accountId, channelId: ch.id, receivedAt: Date.now(), body });
    return c.json({ ok: true }, 200);
  })
  .post("/whatsapp/:accountId", async (c) => {
    const accountId = c.req.param("accountId");
    const ch = await channelFor(c.env, accountId, "WHATSAPP");
    const ok = ch ? await secretMatches(bearerToken(c.req.header("authorization")), ch.webhook_secret_hash) : false;
    if (!ch || !ok) throw refused(401, "Неверный токен вебхука Green API");
    const body = rawText(await c.req.arrayBuffer());
    if (!ch.enabled) {
      c.get("log").info("webhook for a switched-off channel dropped", { platform: "WHATSAPP", accountId });
      return c.json({ ok: true, dropped: "channel switched off" }, 200);
    }
    await enqueue(c, { kind: "webhook", platform: "WHATSAPP", accountId, channelId: ch.id, receivedAt: Date.now(), body });
    return c.json({ ok: true }, 200);
  })
  .get("/instagram", (c) => {
    const mode = c.req.query("hub.mode");
    const token = c.req.query("hub.verify_token") ?? "";
    const challenge = c.req.query("hub.challenge") ?? "";
    const expected = c.env.META_VERIFY_TOKEN;
    if (mode !== "subscribe" || !expected || !timingSafeEqualStr(token, expected)) throw refused(403, "Неверный verify_token");
    return c.text(challenge, 200);
  })
  .post("/instagram", async (c) => {
    const raw = new Uint8Array(await c.req.arrayBuffer());
    if (!(await verifyMetaSignature(raw, c.req.header("x-hub-signature-256"), c.env.META_APP_SECRET))) throw refused(403, "Неверная подпись X-Hub-Signature-256");
    await enqueue(c, { kind: "webhook", platform: "INSTAGRAM", receivedAt: Date.now(), body: new TextDecoder().decode(raw) });
    return c.text("EVENT_RECEIVED", 200);
  });
