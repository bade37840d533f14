import { Hono } from "hono";
import type { Context } from "hono";
import type { ChannelAdapter } from "../../channels/adapter";
import { CHANNELS } from "../../channels/registry";
import type { InboundQueueMessage } from "../../channels/types";
import type { AppBindings } from "../../env";
import { timingSafeEqualStr } from "../../lib/crypto";
import { AppError } from "../../lib/errors";
import { bearerToken } from "../../middleware/session";
import { secretMatches } from "../channels/channels.service";
import { channelFor } from "./auth-cache";

/**
 * Messenger webhooks: the secret is checked before anything is stored; a valid call is answered
 * 200 as soon as its raw body is on the inbound queue (the consumer does the work). How a platform
 * proves itself is its adapter's `webhook`.
 */
const refused = (status: 401 | 403, message: string) => new AppError(status, "WEBHOOK_REFUSED", message);

async function enqueue(c: Context<AppBindings>, msg: InboundQueueMessage) {
  await c.env.INBOUND_QUEUE.send(msg, { contentType: "json" });
}

/** `POST /<platform>/:accountId`: a secret per connected channel, compared with its stored hash. */
function channelWebhook(adapter: ChannelAdapter) {
  const auth = adapter.webhook;
  if (auth.scope !== "channel") throw new Error(`${adapter.platform} webhooks are not verified per channel`);
  const platform = adapter.platform;
  return async (c: Context<AppBindings>) => {
    const accountId = c.req.param("accountId") ?? "";
    const ch = await channelFor(c.env, accountId, platform);
    const header = c.req.header(auth.secretHeader.name);
    const ok = ch ? await secretMatches(auth.secretHeader.bearer ? bearerToken(header) : header, ch.webhook_secret_hash) : false;
    if (!ch || !ok) throw refused(401, auth.refusal);
    const body = new TextDecoder().decode(await c.req.arrayBuffer());
    if (!ch.enabled) {
      c.get("log").info("webhook for a switched-off channel dropped", { platform, accountId });
      return c.json({ ok: true, dropped: "channel switched off" }, 200);
    }
    await enqueue(c, { kind: "webhook", platform, accountId, channelId: ch.id, receivedAt: Date.now(), body });
    return c.json({ ok: true }, 200);
  };
}

/** `POST /<platform>`: signed by our app for every account; the consumer finds the channels in the body. */
function appWebhook(adapter: ChannelAdapter) {
  const auth = adapter.webhook;
  if (auth.scope !== "app") throw new Error(`${adapter.platform} webhooks are verified per channel`);
  return async (c: Context<AppBindings>) => {
    const raw = new Uint8Array(await c.req.arrayBuffer());
    if (!(await auth.verify(raw, (name) => c.req.header(name), c.env))) throw refused(403, auth.refusal);
    await enqueue(c, { kind: "webhook", platform: adapter.platform, receivedAt: Date.now(), body: new TextDecoder().decode(raw) });
    return c.text(auth.answer, 200);
  };
}

export const webhookRoutes = new Hono<AppBindings>()
  .post("/telegram/:accountId", channelWebhook(CHANNELS.TELEGRAM))
  .post("/whatsapp/:accountId", channelWebhook(CHANNELS.WHATSAPP))
  // Meta's subscription check: echoes the challenge when the verify token is ours.
  .get("/instagram", (c) => {
    const mode = c.req.query("hub.mode");
    const token = c.req.query("hub.verify_token") ?? "";
    const challenge = c.req.query("hub.challenge") ?? "";
    const expected = c.env.META_VERIFY_TOKEN;
    if (mode !== "subscribe" || !expected || !timingSafeEqualStr(token, expected)) throw refused(403, "Неверный verify_token");
    return c.text(challenge, 200);
  })
  .post("/instagram", appWebhook(CHANNELS.INSTAGRAM));
