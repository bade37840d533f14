import { type InboundEvent, type OutgoingPayload, SendError, sendErrorFor } from "../types";

/**
 * Telegram Bot API adapter: `POST {base}/bot{token}/{method}` with JSON, answers `{ ok, result }` or
 * `{ ok: false, error_code, description, parameters?: { retry_after } }`.
 */
export interface TgUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
}

export interface TgWebhookInfo {
  url: string;
  pending_update_count: number;
  last_error_date?: number;
  last_error_message?: string;
  has_custom_certificate?: boolean;
}

// callback_query: presses of reply buttons under broadcasts (they become the contact's messages);
// my_chat_member: a person blocking the bot (they leave every broadcast audience) or unblocking it.
export const TELEGRAM_ALLOWED_UPDATES = ["message", "callback_query", "my_chat_member"];

export class TelegramClient {
  constructor(
    private readonly base: string,
    private readonly token: string,
  ) {}

  async call<T>(method: string, body?: Record<string, unknown> | FormData): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.base.replace(/\/$/, "")}/bot${this.token}/${method}`, {
        method: "POST",
        headers: body instanceof FormData ? undefined : { "content-type": "application/json" },
        body: body instanceof FormData ? body : JSON.stringify(body ?? {}),
      });
    } catch (e) {
      throw new SendError(`Telegram недоступен: ${(e as Error).message}`, "transient", undefined, undefined, "UNCERTAIN");
    }
    let data: { ok?: boolean; result?: T; error_code?: number; description?: string; parameters?: { retry_after?: number } } = {};
    try {
      data = await res.json();
    } catch {
      /* not JSON: classified by the status below */
    }
    if (res.ok && data.ok) return data.result as T;
    const status = data.error_code ?? res.status;
    const description = data.description ?? `HTTP ${res.status}`;
    // "Forbidden: bot was blocked by the user" / "user is deactivated": the person is gone for this bot.
    if (status === 403 && /blocked by the user|user is deactivated/i.test(description)) throw new SendError(description, "permanent", 403, undefined, "RECIPIENT_GONE");
    throw sendErrorFor(status, description, data.parameters?.retry_after);
  }

  getMe() {
    return this.call<TgUser>("getMe");
  }
  setWebhook(url: string, secretToken: string) {
    return this.call<boolean>("setWebhook", { url, secret_token: secretToken, allowed_updates: TELEGRAM_ALLOWED_UPDATES, max_connections: 40 });
  }
  deleteWebhook() {
    return this.call<boolean>("deleteWebhook", { drop_pending_updates: false });
  }
  getWebhookInfo() {
    return this.call<TgWebhookInfo>("getWebhookInfo");
  }
  answerCallbackQuery(queryId: string) {
    return this.call<boolean>("answerCallbackQuery", { callback_query_id: queryId });
  }
  getFile(fileId: string) {
    return this.call<{ file_id: string; file_path?: string; file_size?: number }>("getFile", { file_id: fileId });
  }
  fileUrl(filePath: string) {
    return `${this.base.replace(/\/$/, "")}/file/bot${this.token}/${filePath}`;
  }

  /** Sends one message (with an inline keyboard when given); returns Telegram's message_id as the platform id. */
  async send(chatId: string, payload: OutgoingPayload, replyMarkup?: TgInlineKeyboard): Promise<{ platformMessageId: string }> {
    let result: { message_id: number };
    if (payload.file) {
      const method = payload.type === "image" ? "sendPhoto" : payload.type === "video" ? "sendVideo" : payload.type === "audio" ? "sendAudio" : "sendDocument";
      const field = method === "sendPhoto" ? "photo" : method === "sendVideo" ? "video" : method === "sendAudio" ? "audio" : "document";
      const form = new FormData();
      form.set("chat_id", chatId);
      if (payload.content) form.set("caption", payload.content.slice(0, 1024));
      form.set(field, new File([payload.file.bytes], payload.file.fileName, { type: payload.file.mimeType }));
      if (replyMarkup) form.set("reply_markup", JSON.stringify(replyMarkup));
      result = await this.call(method, form);
    } else {
      result = await this.call("sendMessage", { chat_id: chatId, text: payload.content.slice(0, 4096), ...(replyMarkup ? { reply_markup: replyMarkup } : {}) });
    }
    return { platformMessageId: String(result.message_id) };
  }
}

export interface TgInlineKeyboard {
  inline_keyboard: ({ text: string; url: string } | { text: string; callback_data: string })[][];
}

/**
 * Buttons of a message's metadata (`[{label, url?, data?}]`, a broadcast's) as an inline keyboard,
 * one button a row: a link opens `url`, a reply button sends `data` back as a callback query.
 */
export function inlineKeyboard(buttons: unknown): TgInlineKeyboard | undefined {
  if (!Array.isArray(buttons) || !buttons.length) return undefined;
  const rows = buttons.flatMap((b: { label?: unknown; url?: unknown; data?: unknown }): TgInlineKeyboard["inline_keyboard"] => {
    const text = typeof b?.label === "string" ? b.label : "";
    if (!text) return [];
    if (typeof b.url === "string" && b.url) return [[{ text, url: b.url }]];
    if (typeof b.data === "string" && b.data) return [[{ text, callback_data: b.data.slice(0, 64) }]];
    return [];
  });
  return rows.length ? { inline_keyboard: rows } : undefined;
}

/** The bot id is the part of the token before the colon. */
export function botIdOf(token: string): string | null {
  const m = /^(\d{3,20}):[A-Za-z0-9_-]{20,}$/.exec(token.trim());
  return m ? m[1]! : null;
}

interface TgMessage {
  message_id: number;
  date: number;
  chat: { id: number; type: string; username?: string; first_name?: string; last_name?: string; title?: string };
  from?: TgUser & { language_code?: string };
  text?: string;
  caption?: string;
  photo?: { file_id: string; file_size?: number; width: number; height: number }[];
  document?: { file_id: string; file_name?: string; mime_type?: string; file_size?: number };
  voice?: { file_id: string; mime_type?: string; file_size?: number; duration?: number };
  audio?: { file_id: string; file_name?: string; mime_type?: string; file_size?: number; title?: string };
  video?: { file_id: string; file_name?: string; mime_type?: string; file_size?: number };
  video_note?: { file_id: string; file_size?: number };
  animation?: { file_id: string; file_name?: string; mime_type?: string; file_size?: number };
  sticker?: { file_id: string; emoji?: string; file_size?: number; is_animated?: boolean; is_video?: boolean };
  contact?: { phone_number: string; first_name: string; last_name?: string; user_id?: number; vcard?: string };
  location?: { latitude: number; longitude: number };
  venue?: { location: { latitude: number; longitude: number }; title: string; address: string };
}

export interface TgUpdate {
  update_id: number;
  message?: TgMessage;
  callback_query?: TgCallbackQuery;
  [k: string]: unknown;
}

interface TgCallbackQuery {
  id: string;
  from: TgUser;
  message?: TgMessage & { reply_markup?: { inline_keyboard?: { text: string; callback_data?: string }[][] } };
  data?: string;
}

/** A reply button pressed: the contact "wrote" the button's label (found in the message's keyboard), and the query is to be answered. */
function parseCallbackQuery(update: TgUpdate, q: TgCallbackQuery, ctx: { accountId: string; channelId: string; botId: string; assistantId?: string | null }): InboundEvent {
  const chat = q.message?.chat;
  if (chat && chat.type !== "private") return { kind: "ignored", reason: `callback in chat type ${chat.type}` };
  if (!q.data) return { kind: "ignored", reason: "callback query without data" };
  const label = q.message?.reply_markup?.inline_keyboard?.flat().find((b) => b.callback_data === q.data)?.text ?? q.data;
  const name = [q.from.first_name, q.from.last_name].filter(Boolean).join(" ");
  return {
    kind: "message",
    item: {
      accountId: ctx.accountId,
      channelId: ctx.channelId,
      platform: "TELEGRAM",
      contact: { platformUserId: String(chat?.id ?? q.from.id), name, platformUsername: q.from.username },
      thread: { kind: "dm", assistantId: ctx.assistantId ?? undefined },
      message: {
        type: "text",
        direction: "incoming",
        senderType: "contact",
        content: label,
        dedupeKey: `tg:${ctx.botId}:${update.update_id}`,
        metadata: { updateId: update.update_id, buttonData: q.data },
      },
    },
    buttonPress: { queryId: q.id, data: q.data },
  };
}

/** Turns one Telegram update into inbox events (a private chat's message, or an acknowledged ignore). */
export function parseTelegramUpdate(update: TgUpdate, ctx: { accountId: string; channelId: string; botId: string; assistantId?: string | null }): InboundEvent {
  if (typeof update?.update_id !== "number") return { kind: "ignored", reason: "not a Telegram update" };
  if (update.callback_query) return parseCallbackQuery(update, update.callback_query, ctx);
  const member = update.my_chat_member as { chat?: { id: number; type: string }; old_chat_member?: { status?: string }; new_chat_member?: { status?: string } } | undefined;
  if (member) {
    if (member.chat?.type === "private") {
      const who = { contactPlatformUserId: String(member.chat.id), dedupeKey: `tg:${ctx.botId}:${update.update_id}` };
      if (member.new_chat_member?.status === "kicked") return { kind: "unsubscribed", ...who };
      // Unblocking (the chat's «Restart»): the bot is a member again after having been kicked.
      if (member.new_chat_member?.status === "member" && member.old_chat_member?.status === "kicked") return { kind: "unblocked", ...who };
    }
    return { kind: "ignored", reason: `my_chat_member ${member.new_chat_member?.status ?? "?"}` };
  }
  const m = update.message;
  if (!m) return { kind: "ignored", reason: `unsupported update: ${Object.keys(update).filter((k) => k !== "update_id").join(",") || "empty"}` };
  if (m.chat?.type !== "private") return { kind: "ignored", reason: `chat type ${m.chat?.type}` };
  if (m.from?.is_bot) return { kind: "ignored", reason: "message from a bot" };
  const name = [m.chat.first_name ?? m.from?.first_name, m.chat.last_name ?? m.from?.last_name].filter(Boolean).join(" ");
  const base = {
    accountId: ctx.accountId,
    channelId: ctx.channelId,
    platform: "TELEGRAM" as const,
    contact: { platformUserId: String(m.chat.id), name, platformUsername: m.chat.username ?? m.from?.username },
    thread: { kind: "dm" as const, assistantId: ctx.assistantId ?? undefined },
  };
  const msg = {
    direction: "incoming" as const,
    senderType: "contact" as const,
    platformMessageId: String(m.message_id),
    dedupeKey: `tg:${ctx.botId}:${update.update_id}`,
    createdAt: m.date * 1000,
    metadata: { updateId: update.update_id } as Record<string, unknown>,
  };
  const caption = m.caption ?? "";
  const media = (type: string, fileId: string, extra: { fileName?: string; mimeType?: string; fileSize?: number }, content = caption): InboundEvent => ({
    kind: "message",
    item: { ...base, message: { ...msg, type: type as never, content, fileName: extra.fileName, mimeType: extra.mimeType, fileSize: extra.fileSize } },
    media: { kind: "telegram", fileId },
  });

  if (m.text !== undefined) return { kind: "message", item: { ...base, message: { ...msg, type: "text", content: m.text } } };
  if (m.photo?.length) {
    const best = m.photo[m.photo.length - 1]!;
    return media("image", best.file_id, { mimeType: "image/jpeg", fileName: `photo_${m.message_id}.jpg`, fileSize: best.file_size });
  }
  if (m.video) return media("video", m.video.file_id, { fileName: m.video.file_name ?? `video_${m.message_id}.mp4`, mimeType: m.video.mime_type ?? "video/mp4", fileSize: m.video.file_size });
  if (m.video_note) return media("video", m.video_note.file_id, { fileName: `video_note_${m.message_id}.mp4`, mimeType: "video/mp4", fileSize: m.video_note.file_size });
  if (m.animation) return media("video", m.animation.file_id, { fileName: m.animation.file_name ?? `animation_${m.message_id}.mp4`, mimeType: m.animation.mime_type ?? "video/mp4", fileSize: m.animation.file_size });
  if (m.voice) return media("audio", m.voice.file_id, { fileName: `voice_${m.message_id}.ogg`, mimeType: m.voice.mime_type ?? "audio/ogg", fileSize: m.voice.file_size });
  if (m.audio) return media("audio", m.audio.file_id, { fileName: m.audio.file_name ?? `audio_${m.message_id}.mp3`, mimeType: m.audio.mime_type ?? "audio/mpeg", fileSize: m.audio.file_size });
  if (m.document) return media("document", m.document.file_id, { fileName: m.document.file_name ?? `file_${m.message_id}`, mimeType: m.document.mime_type ?? "application/octet-stream", fileSize: m.document.file_size });
  if (m.sticker) {
    if (m.sticker.is_animated || m.sticker.is_video) return { kind: "message", item: { ...base, message: { ...msg, type: "text", content: m.sticker.emoji ?? "[стикер]", metadata: { ...msg.metadata, sticker: true } } } };
    return media("image", m.sticker.file_id, { fileName: `sticker_${m.message_id}.webp`, mimeType: "image/webp", fileSize: m.sticker.file_size }, m.sticker.emoji ?? "");
  }
  if (m.contact) {
    const cname = [m.contact.first_name, m.contact.last_name].filter(Boolean).join(" ");
    return {
      kind: "message",
      item: { ...base, message: { ...msg, type: "contact", content: `${cname} ${m.contact.phone_number}`.trim(), metadata: { ...msg.metadata, contacts: [{ name: cname, tel: [m.contact.phone_number] }] } } },
    };
  }
  const loc = m.location ?? m.venue?.location;
  if (loc) {
    const place = m.venue ? `${m.venue.title}, ${m.venue.address}. ` : "";
    return {
      kind: "message",
      item: { ...base, message: { ...msg, type: "text", content: `${place}Геопозиция: ${loc.latitude}, ${loc.longitude}`, metadata: { ...msg.metadata, location: { latitude: loc.latitude, longitude: loc.longitude } } } },
    };
  }
  return { kind: "ignored", reason: "unsupported message content" };
}
