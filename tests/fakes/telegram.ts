import { type FakeHandler, type FakeState, json, type RecordedRequest } from "./index";

/**
 * Fake Telegram Bot API (PROTOCOLS.md): `POST /bot{token}/{method}` → `{ ok, result }` or
 * `{ ok:false, error_code, description, parameters? }`, files at `/file/bot{token}/{path}`.
 * A token containing "invalid" is refused like a revoked one. It remembers each bot's webhook
 * (url + secret_token) so `POST /__deliver { token, update }` can call it the way Telegram does.
 * Optional `data.maxPerSecond` answers 429 with retry_after when a bot sends faster (as Telegram).
 */
interface Bot {
  webhookUrl: string;
  secret: string;
  lastErrorDate?: number;
  lastErrorMessage?: string;
  messageId: number;
}

function bots(state: FakeState): Map<string, Bot> {
  return ((state.data.bots as Map<string, Bot>) ??= new Map());
}

export function telegramBot(state: FakeState, token: string): Bot {
  const m = bots(state);
  let b = m.get(token);
  if (!b) m.set(token, (b = { webhookUrl: "", secret: "", messageId: 1000 }));
  return b;
}

/** The bytes served for a file id (deterministic, so tests can compare what R2 stored). */
export const telegramFileBytes = (fileId: string) => `telegram-file:${fileId}`;

function params(req: RecordedRequest): Record<string, unknown> {
  if (req.body && typeof req.body === "object") return req.body as Record<string, unknown>;
  // multipart/form-data: enough to read simple fields.
  const out: Record<string, unknown> = {};
  const re = /name="([^"]+)"(?:; filename="([^"]*)")?\r\n(?:Content-Type: [^\r\n]+\r\n)?\r\n([\s\S]*?)\r\n--/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(req.rawBody))) out[m[1]!] = m[2] !== undefined ? { filename: m[2], size: m[3]!.length } : m[3];
  return out;
}

export const telegramHandler: FakeHandler = async (req, res, state) => {
  const url = new URL(req.path, "http://fake");
  if (url.pathname === "/__deliver" && req.method === "POST") {
    const { token, update } = req.body as { token: string; update: unknown };
    const b = telegramBot(state, token);
    if (!b.webhookUrl) return json(res, 409, { error: "no webhook set for this bot" });
    const r = await fetch(b.webhookUrl, { method: "POST", headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": b.secret }, body: JSON.stringify(update) });
    return json(res, 200, { status: r.status, body: await r.text() });
  }
  const file = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
  if (file) {
    const fileId = decodeURIComponent(file[2]!.replace(/^files\//, "").replace(/\.bin$/, ""));
    res.writeHead(200, { "content-type": "application/octet-stream" });
    { res.end(telegramFileBytes(fileId)); return; }
  }
  const m = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
  if (!m) return json(res, 404, { ok: false, error_code: 404, description: "Not Found" });
  const [, token, method] = m as unknown as [string, string, string];
  const idMatch = /^(\d+):[\w-]{20,}$/.exec(token);
  if (!idMatch || token.includes("invalid")) return json(res, 401, { ok: false, error_code: 401, description: "Unauthorized" });
  const botId = Number(idMatch[1]);
  const b = telegramBot(state, token);
  const p = params(req);
  const ok = (result: unknown) => json(res, 200, { ok: true, result });
  switch (method) {
    case "getMe":
      return ok({ id: botId, is_bot: true, first_name: `Бот ${botId}`, username: `shop${botId}_bot`, can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false });
    case "setWebhook": {
      const secret = String(p.secret_token ?? "");
      if (secret && !/^[A-Za-z0-9_-]{1,256}$/.test(secret)) return json(res, 400, { ok: false, error_code: 400, description: "Bad Request: secret token contains unallowed characters" });
      b.webhookUrl = String(p.url ?? "");
      b.secret = secret;
      return ok(true);
    }
    case "deleteWebhook":
      b.webhookUrl = "";
      b.secret = "";
      return ok(true);
    case "getWebhookInfo":
      return ok({ url: b.webhookUrl, has_custom_certificate: false, pending_update_count: 0, max_connections: 40, ...(b.lastErrorDate ? { last_error_date: b.lastErrorDate, last_error_message: b.lastErrorMessage } : {}) });
    case "getFile":
      return ok({ file_id: p.file_id, file_unique_id: `u${p.file_id}`, file_size: telegramFileBytes(String(p.file_id)).length, file_path: `files/${p.file_id}.bin` });
    case "sendChatAction":
      return ok(true);
    case "answerCallbackQuery":
      if (!p.callback_query_id) return json(res, 400, { ok: false, error_code: 400, description: "Bad Request: query is too old and response timeout expired or query ID is invalid" });
      return ok(true);
    case "sendMessage":
    case "sendPhoto":
    case "sendDocument":
    case "sendVideo":
    case "sendAudio":
    case "sendVoice": {
      const limit = state.data.maxPerSecond as number | undefined;
      if (limit) {
        const now = Date.now();
        const recent = state.requests.filter((r) => r.at > now - 1000 && r.path.startsWith(`/bot${token}/send`)).length;
        if (recent > limit) return json(res, 429, { ok: false, error_code: 429, description: "Too Many Requests: retry after 1", parameters: { retry_after: 1 } });
      }
      if (!p.chat_id) return json(res, 400, { ok: false, error_code: 400, description: "Bad Request: chat_id is empty" });
      b.messageId++;
      return ok({ message_id: b.messageId, date: Math.floor(Date.now() / 1000), chat: { id: Number(p.chat_id), type: "private" }, text: p.text, caption: p.caption });
    }
    default:
      return json(res, 404, { ok: false, error_code: 404, description: "Not Found: method not found" });
  }
};

/** A realistic private-chat text update (helpers for tests, the simulator and benchmarks). */
export function tgTextUpdate(updateId: number, chatId: number, text: string, opts: { date?: number; firstName?: string; username?: string } = {}) {
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: opts.date ?? Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: "private", first_name: opts.firstName ?? "Иван", username: opts.username },
      from: { id: chatId, is_bot: false, first_name: opts.firstName ?? "Иван", username: opts.username, language_code: "ru" },
      text,
    },
  };
}

/** A press of an inline keyboard's callback button under one of the bot's messages (a private chat). */
export function tgCallbackUpdate(updateId: number, chatId: number, data: string, keyboard: { text: string; callback_data?: string; url?: string }[][], opts: { firstName?: string } = {}) {
  const from = { id: chatId, is_bot: false, first_name: opts.firstName ?? "Иван", language_code: "ru" };
  return {
    update_id: updateId,
    callback_query: {
      id: `cq${updateId}`,
      from,
      chat_instance: `ci${chatId}`,
      data,
      message: { message_id: 5000 + updateId, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: "private", first_name: from.first_name }, from: { id: 1, is_bot: true, first_name: "Бот" }, text: "Рассылка", reply_markup: { inline_keyboard: keyboard } },
    },
  };
}
