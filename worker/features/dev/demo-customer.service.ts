import type { Env } from "../../env";
import { AppError } from "../../lib/errors";
import { createLogger } from "../../lib/logger";
import { type DemoChannel, getChannel, isConnected, isDemoChannel, openCredentials, webhookUrl } from "../channels/channels.service";
import { type TelegramCreds, telegramState } from "../channels/telegram.service";
import type { WhatsappCreds } from "../channels/whatsapp.service";

const PLATFORM = { telegram: "TELEGRAM", whatsapp: "WHATSAPP", instagram: "INSTAGRAM" } as const;
const TITLE = { telegram: "Telegram", whatsapp: "WhatsApp", instagram: "Instagram" } as const;

/** A stable number per customer name, so one name keeps writing into one thread. */
function customerNumber(name: string): number {
  let h = 2166136261;
  for (const ch of name) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619) >>> 0;
  return h % 900_000_000;
}

let lastId = 0;

/**
 * A number no earlier call of this isolate returned: the time in ms × 1000 plus a counter. The
 * messengers' ids of a message (Telegram's update_id, Green API's idMessage, Instagram's mid) are
 * our dedupe keys, so two messages sent in one millisecond must not share one (the second was dropped).
 */
function nextDemoId(now: number): number {
  lastId = Math.max(lastId + 1, now * 1000);
  return lastId;
}

export interface DemoCustomerMessage {
  platform: DemoChannel;
  name: string;
  text: string;
}

/**
 * "Send as customer" of the demo: asks the messenger's local stand-in (tests/fakes, started by
 * `npm start`) to deliver a customer message to our webhook the way the platform does (Telegram's
 * secret header, Green API's bearer token, Meta's signature), so it goes through the real ingest.
 * Only for messengers served by a stand-in; a real Telegram, gateway or Meta is never asked.
 */
export async function sendAsDemoCustomer(env: Env, accountId: string, input: DemoCustomerMessage, requestUrl: string): Promise<{ delivered: true; platform: DemoChannel }> {
  const { platform, name, text } = input;
  if (!isDemoChannel(env, platform)) throw new AppError(404, "DEMO_CHANNEL_UNAVAILABLE", `${TITLE[platform]} здесь настоящий, а не демонстрационный: пишите боту из самого мессенджера`);
  const ch = await getChannel(env, accountId, PLATFORM[platform]);
  if (!ch || !isConnected(ch)) throw new AppError(409, "CHANNEL_NOT_CONNECTED", `Сначала подключите ${TITLE[platform]} на этой странице`);
  if (!ch.enabled) throw new AppError(409, "CHANNEL_DISABLED", `${TITLE[platform]} выключен: включите его, чтобы сообщения доходили`);
  const n = customerNumber(name);
  const now = Date.now();
  const id = nextDemoId(now);
  let control: string;
  let payload: unknown;
  if (platform === "telegram") {
    const { botToken } = await openCredentials<TelegramCreds>(env, ch);
    const [first, ...rest] = name.split(/\s+/);
    control = `${env.TELEGRAM_API_BASE.replace(/\/$/, "")}/__deliver`;
    const from = { id: 100_000 + n, is_bot: false, first_name: first, ...(rest.length ? { last_name: rest.join(" ") } : {}), language_code: "ru" };
    payload = { token: botToken, update: { update_id: id, message: { message_id: id % 2_000_000_000, date: Math.floor(now / 1000), chat: { id: from.id, type: "private", first_name: first }, from, text } } };
  } else if (platform === "whatsapp") {
    const creds = await openCredentials<WhatsappCreds>(env, ch);
    const chatId = `7900${String(n % 10_000_000).padStart(7, "0")}@c.us`;
    control = `${creds.apiUrl.replace(/\/$/, "")}/__deliver`;
    payload = {
      idInstance: creds.idInstance,
      body: {
        typeWebhook: "incomingMessageReceived",
        instanceData: { idInstance: Number(creds.idInstance), wid: "79990001122@c.us", typeInstance: "whatsapp" },
        timestamp: Math.floor(now / 1000),
        idMessage: `DEMO${id.toString(16).toUpperCase()}${n % 1000}`,
        senderData: { chatId, chatName: name, sender: chatId, senderName: name, senderContactName: "" },
        messageData: { typeMessage: "textMessage", textMessageData: { textMessage: text } },
      },
    };
  } else {
    control = `${env.META_GRAPH_BASE.replace(/\/$/, "")}/__deliver`;
    const sender = String(1_000_000_000_000 + n);
    payload = {
      url: webhookUrl(env, "/api/webhooks/instagram", requestUrl),
      body: { object: "instagram", entry: [{ id: ch.externalId, time: now, messaging: [{ sender: { id: sender }, recipient: { id: ch.externalId }, timestamp: now, message: { mid: `mid.demo${id.toString(36)}${n}`, text } }] }] },
    };
  }
  let answer = await deliver(control, payload);
  if (platform === "telegram" && answer.status === 409) {
    // The stand-in was restarted and forgot the bot's webhook: the state check registers it again.
    await telegramState(env, ch, { live: true, requestUrl });
    answer = await deliver(control, payload);
  }
  if (answer.webhookStatus !== 200) {
    createLogger({ accountId }).warn("demo customer message not accepted", { platform, answer });
    throw new AppError(502, "DEMO_DELIVERY_FAILED", `Демо-${TITLE[platform]} не смог доставить сообщение: проверьте, что приложение запущено командой npm start`);
  }
  return { delivered: true, platform };
}

async function deliver(url: string, payload: unknown): Promise<{ status: number; webhookStatus: number | null }> {
  let res: Response;
  try {
    res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(payload) });
  } catch {
    throw new AppError(502, "DEMO_STAND_IN_DOWN", "Демо-мессенджер не отвечает: перезапустите приложение командой npm start");
  }
  const body = (await res.json().catch(() => ({}))) as { status?: number };
  return { status: res.status, webhookStatus: res.ok && typeof body.status === "number" ? body.status : null };
}
