import { botIdOf, TelegramClient } from "../../channels/telegram/telegram";
import type { Channel } from "../../db/schema/inbox";
import type { Env } from "../../env";
import { maskSecret } from "../../lib/crypto";
import { badRequest, notFound } from "../../lib/errors";
import { randomToken } from "../../lib/ids";
import { createLogger } from "../../lib/logger";
import {
  getChannel,
  isConnected,
  markDisconnected,
  openCredentials,
  resolveAssistant,
  saveChannel,
  sealCredentials,
  secretHash,
  updateChannel,
  upstreamError,
  isDemoChannel,
  webhookUrl,
} from "./channels.service";
import { SendError } from "../../channels/types";
import type { TelegramCreds } from "../../channels/telegram/adapter";

export type { TelegramCreds };

export const telegramWebhookPath = (accountId: string) => `/api/webhooks/telegram/${accountId}`;

export function telegramClient(env: Env, creds: TelegramCreds) {
  return new TelegramClient(env.TELEGRAM_API_BASE, creds.botToken);
}

/** PUT: check the token with getMe, register the webhook with a fresh secret, store the token sealed. */
export async function connectTelegram(env: Env, accountId: string, input: { botToken?: string; assistantId?: string | null }, requestUrl?: string) {
  const existing = await getChannel(env, accountId, "TELEGRAM");
  if (!input.botToken) {
    // Only the assistant binding changes.
    if (!isConnected(existing)) throw badRequest("Укажите токен бота", "VALIDATION_ERROR", { fields: { botToken: ["Укажите токен бота"] } });
    const assistantId = await resolveAssistant(env, accountId, input.assistantId, existing.assistantId);
    return telegramState(env, await updateChannel(env, existing, { assistantId }), { live: false });
  }
  const token = input.botToken.trim();
  const botId = botIdOf(token);
  if (!botId) throw badRequest("Неверный формат токена бота", "VALIDATION_ERROR", { fields: { botToken: ["Неверный формат токена: ожидается 123456789:ABC…"] } });
  const assistantId = await resolveAssistant(env, accountId, input.assistantId, existing?.assistantId);
  const client = new TelegramClient(env.TELEGRAM_API_BASE, token);
  let me;
  try {
    me = await client.getMe();
  } catch (e) {
    if (e instanceof SendError && e.kind === "permanent")
      throw badRequest("Telegram не принял токен бота", "VALIDATION_ERROR", { fields: { botToken: ["Telegram не принял этот токен: проверьте его в @BotFather"] } });
    upstreamError(e, "Telegram");
  }
  // A previous, different bot of this account stops sending us updates.
  if (isConnected(existing) && existing.externalId !== String(me.id)) {
    try {
      await telegramClient(env, await openCredentials<TelegramCreds>(env, existing)).deleteWebhook();
    } catch (error) {
      createLogger({ accountId }).warn("telegram: deleteWebhook of the replaced bot failed", { error });
    }
  }
  const secret = randomToken(32);
  const url = webhookUrl(env, telegramWebhookPath(accountId), requestUrl);
  try {
    await client.setWebhook(url, secret);
  } catch (e) {
    upstreamError(e, "Telegram");
  }
  const ch = await saveChannel(env, accountId, "TELEGRAM", String(me.id), {
    name: me.username ? `@${me.username}` : me.first_name,
    credentials: await sealCredentials(env, { botToken: token } satisfies TelegramCreds),
    webhookSecretHash: await secretHash(secret),
    assistantId,
    state: { connected: true, botId: String(me.id), botUsername: me.username ?? null, botName: me.first_name, webhookUrl: url, webhookSetAt: Date.now(), tokenHint: maskSecret(token) },
  });
  return telegramState(env, ch, { live: false });
}

/** GET: the channel's state without the token; `live` asks Telegram for the webhook health and repairs a drifted url. */
export async function telegramState(env: Env, ch: Channel | null, opts: { live: boolean; requestUrl?: string } = { live: true }) {
  if (!ch || !isConnected(ch)) {
    return { connected: false, enabled: false, assistantId: ch?.assistantId ?? null, botId: null, botUsername: null, botName: null, tokenHint: null, webhook: null, demo: isDemoChannel(env, "telegram") };
  }
  const s = ch.state as Record<string, unknown>;
  let webhook: { url: string; healthy: boolean; pendingUpdateCount: number | null; lastErrorMessage: string | null; lastErrorDate: number | null; checked: boolean } = {
    url: String(s.webhookUrl ?? ""),
    healthy: true,
    pendingUpdateCount: null,
    lastErrorMessage: null,
    lastErrorDate: null,
    checked: false,
  };
  if (opts.live) {
    try {
      const creds = await openCredentials<TelegramCreds>(env, ch);
      const client = telegramClient(env, creds);
      const info = await client.getWebhookInfo();
      const expected = webhookUrl(env, telegramWebhookPath(ch.accountId), opts.requestUrl);
      if (info.url !== expected) {
        // The url drifted (someone called setWebhook elsewhere): re-register with a fresh secret.
        const secret = randomToken(32);
        await client.setWebhook(expected, secret);
        ch = await updateChannel(env, ch, { webhookSecretHash: await secretHash(secret), state: { ...s, webhookUrl: expected, webhookSetAt: Date.now() } });
        webhook = { url: expected, healthy: true, pendingUpdateCount: info.pending_update_count, lastErrorMessage: null, lastErrorDate: null, checked: true };
      } else {
        const recentError = info.last_error_date && Date.now() / 1000 - info.last_error_date < 600;
        webhook = {
          url: info.url,
          healthy: !recentError,
          pendingUpdateCount: info.pending_update_count,
          lastErrorMessage: info.last_error_message ?? null,
          lastErrorDate: info.last_error_date ? info.last_error_date * 1000 : null,
          checked: true,
        };
      }
    } catch (error) {
      createLogger({ accountId: ch.accountId }).warn("telegram: getWebhookInfo failed", { error });
      webhook = { ...webhook, healthy: false, lastErrorMessage: "Не удалось проверить вебхук: Telegram недоступен", checked: false };
    }
  }
  return {
    connected: true,
    enabled: ch.enabled,
    assistantId: ch.assistantId,
    botId: String(s.botId ?? ch.externalId),
    botUsername: (s.botUsername as string | null) ?? null,
    botName: (s.botName as string | null) ?? null,
    tokenHint: (s.tokenHint as string | null) ?? null,
    webhook,
    demo: isDemoChannel(env, "telegram"),
  };
}

export async function toggleTelegram(env: Env, accountId: string, enabled?: boolean) {
  const ch = await getChannel(env, accountId, "TELEGRAM");
  if (!isConnected(ch)) throw notFound("Telegram не подключён", "CHANNEL_NOT_CONNECTED");
  return telegramState(env, await updateChannel(env, ch, { enabled: enabled ?? !ch.enabled }), { live: false });
}

/** DELETE: Telegram stops calling us (deleteWebhook), the token is forgotten, history stays. */
export async function disconnectTelegram(env: Env, accountId: string) {
  const ch = await getChannel(env, accountId, "TELEGRAM");
  if (!isConnected(ch)) throw notFound("Telegram не подключён", "CHANNEL_NOT_CONNECTED");
  try {
    await telegramClient(env, await openCredentials<TelegramCreds>(env, ch)).deleteWebhook();
  } catch (error) {
    createLogger({ accountId }).warn("telegram: deleteWebhook failed on disconnect", { error });
  }
  await markDisconnected(env, ch);
  return { connected: false };
}
