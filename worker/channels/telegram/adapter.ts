import type { ChannelAdapter } from "../adapter";
import { SendError } from "../types";
import { inlineKeyboard, parseTelegramUpdate, TelegramClient, type TgUpdate } from "./telegram";

export interface TelegramCreds {
  botToken: string;
}

export const telegramAdapter: ChannelAdapter = {
  platform: "TELEGRAM",
  webhook: {
    scope: "channel",
    secretHeader: { name: "x-telegram-bot-api-secret-token" },
    refusal: "Неверный секрет вебхука Telegram",
  },
  parse(part, ch, into) {
    into.push(parseTelegramUpdate(part as TgUpdate, { accountId: ch.accountId, channelId: ch.id, botId: ch.externalId, assistantId: ch.assistantId }));
  },
  // Bots learn nothing of delivery or reading.
  deliveryState: () => null,
  async mediaUrl(ref, call) {
    if (ref.kind === "url") return ref.url;
    const client = new TelegramClient(call.env.TELEGRAM_API_BASE, (await call.creds<TelegramCreds>()).botToken);
    const f = await client.getFile(ref.fileId);
    if (!f.file_path) throw new SendError("Telegram не отдал путь к файлу", "permanent");
    return client.fileUrl(f.file_path);
  },
  async send(req) {
    const client = new TelegramClient(req.env.TELEGRAM_API_BASE, (await req.creds<TelegramCreds>()).botToken);
    return client.send(req.chatId, req.payload, inlineKeyboard(req.metadata.buttons));
  },
  // ≈30 messages/s per bot and 1/s per chat (Bot API limits).
  limits: { pacing: { channelMs: 34, chatMs: 1000 }, attachmentsByUrl: false },
};
