import { createInstance, deleteInstance, GreenApiClient } from "../../channels/whatsapp/greenapi";
import type { WhatsappCreds } from "../../channels/whatsapp/adapter";
import type { Channel } from "../../db/schema/inbox";
import type { Env } from "../../env";
import { maskSecret } from "../../lib/crypto";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors";
import { randomToken } from "../../lib/ids";
import { createLogger } from "../../lib/logger";
import { publishSafe } from "../inbox/realtime";
import { pauseChannelBroadcasts } from "../broadcasts/broadcast-run.service";
import { YELLOW_CARD_REASON } from "../broadcasts/broadcasts.service";
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
  webhookUrl,
} from "./channels.service";
import { checkPhone } from "../../lib/phone";
import type { InstanceSettings } from "./channels.schemas";
import { whatsappSettingsDto } from "./whatsapp-dto";

export { whatsappSettingsDto };

export type { WhatsappCreds };

export const whatsappWebhookPath = (accountId: string) => `/api/webhooks/whatsapp/${accountId}`;

/** Settings we always apply: our webhook with its token and the webhook kinds the inbox needs. */
export function webhookSettings(url: string, token: string) {
  return {
    webhookUrl: url,
    webhookUrlToken: token,
    incomingWebhook: "yes",
    outgoingWebhook: "yes",
    outgoingMessageWebhook: "yes",
    outgoingAPIMessageWebhook: "yes",
    stateWebhook: "yes",
    incomingCallWebhook: "yes",
  };
}

export async function requireWhatsapp(env: Env, accountId: string): Promise<{ ch: Channel; client: GreenApiClient; creds: WhatsappCreds }> {
  const ch = await getChannel(env, accountId, "WHATSAPP");
  if (!isConnected(ch)) throw notFound("WhatsApp не подключён: сначала создайте инстанс", "CHANNEL_NOT_CONNECTED");
  const creds = await openCredentials<WhatsappCreds>(env, ch);
  return { ch, client: new GreenApiClient(creds), creds };
}

/** Records a new instance state; pushes `core::whatsappStateChanged` when it changed. */
export async function recordWhatsappState(env: Env, ch: Channel, stateInstance: string, extra: Record<string, unknown> = {}): Promise<Channel> {
  const before = (ch.state as Record<string, unknown>).stateInstance;
  const updated = await updateChannel(env, ch, { state: { ...ch.state, ...extra, stateInstance, stateCheckedAt: Date.now() } });
  if (before !== stateInstance || Object.keys(extra).length) await publishSafe(env, ch.accountId, [{ event: "core::whatsappStateChanged", data: whatsappSettingsDto(env, updated) }]);
  // WhatsApp filters this number's messages: its broadcasts stop at once, saying why (INTEGRATIONS §5).
  if (stateInstance === "yellowCard") await pauseChannelBroadcasts(env, ch.id, YELLOW_CARD_REASON);
  return updated;
}

/**
 * POST /create-instance: a new instance through the partner API (GREEN_API_PARTNER_TOKEN), or an
 * existing one given by id and token; either way our webhook with a per-instance token is set.
 */
export async function createWhatsappInstance(
  env: Env,
  accountId: string,
  input: { idInstance?: string; apiTokenInstance?: string; apiUrl?: string; assistantId?: string | null },
  requestUrl?: string,
) {
  const existing = await getChannel(env, accountId, "WHATSAPP");
  if (isConnected(existing)) throw conflict("WhatsApp уже подключён: удалите текущий инстанс, чтобы создать новый", "CHANNEL_ALREADY_CONNECTED");
  const assistantId = await resolveAssistant(env, accountId, input.assistantId, existing?.assistantId);
  let creds: WhatsappCreds;
  if (input.idInstance && input.apiTokenInstance) {
    creds = { idInstance: input.idInstance, apiTokenInstance: input.apiTokenInstance, apiUrl: input.apiUrl || env.GREEN_API_BASE, viaPartner: false };
  } else {
    if (!env.GREEN_API_PARTNER_TOKEN)
      throw new AppError(400, "PARTNER_NOT_CONFIGURED", "Создание инстанса недоступно: не задан партнёрский токен Green API. Укажите idInstance и apiTokenInstance существующего инстанса.");
    try {
      const r = await createInstance(env.GREEN_API_BASE, env.GREEN_API_PARTNER_TOKEN);
      creds = { idInstance: String(r.idInstance), apiTokenInstance: r.apiTokenInstance, apiUrl: env.GREEN_API_BASE, viaPartner: true };
    } catch (e) {
      upstreamError(e, "Green API");
    }
  }
  const client = new GreenApiClient(creds);
  const token = randomToken(32);
  const url = webhookUrl(env, whatsappWebhookPath(accountId), requestUrl);
  let stateInstance = "starting";
  try {
    await client.setSettings(webhookSettings(url, token));
    stateInstance = (await client.getStateInstance()).stateInstance;
  } catch (e) {
    if (creds.viaPartner) {
      // Do not leave a paid instance behind when we cannot use it.
      await deleteInstance(env.GREEN_API_BASE, env.GREEN_API_PARTNER_TOKEN!, creds.idInstance).catch(() => undefined);
    }
    upstreamError(e, "Green API");
  }
  const ch = await saveChannel(env, accountId, "WHATSAPP", creds.idInstance, {
    name: `WhatsApp ${creds.idInstance}`,
    credentials: await sealCredentials(env, creds),
    webhookSecretHash: await secretHash(token),
    assistantId,
    state: { connected: true, apiUrl: creds.apiUrl, viaPartner: creds.viaPartner, stateInstance, stateCheckedAt: Date.now(), webhookUrl: url, tokenHint: maskSecret(creds.apiTokenInstance) },
  });
  await publishSafe(env, accountId, [{ event: "core::whatsappStateChanged", data: whatsappSettingsDto(env, ch) }]);
  return whatsappSettingsDto(env, ch);
}

export async function whatsappInstanceState(env: Env, accountId: string) {
  const { ch, client } = await requireWhatsapp(env, accountId);
  let state: string;
  try {
    state = (await client.getStateInstance()).stateInstance;
  } catch (e) {
    upstreamError(e, "Green API");
  }
  return whatsappSettingsDto(env, await recordWhatsappState(env, ch, state));
}

export async function whatsappQr(env: Env, accountId: string) {
  const { ch, client } = await requireWhatsapp(env, accountId);
  let qr;
  try {
    qr = await client.qr();
  } catch (e) {
    upstreamError(e, "Green API");
  }
  if (qr.type === "alreadyLogged") await recordWhatsappState(env, ch, "authorized");
  return { type: qr.type, message: qr.message, refreshAfterMs: qr.type === "qrCode" ? 20_000 : null };
}

export async function whatsappPhoneCode(env: Env, accountId: string, phoneNumber: string) {
  const phone = checkPhone(phoneNumber);
  if (!phone.ok) throw badRequest(phone.error, "VALIDATION_ERROR", { fields: { phoneNumber: [phone.error] } });
  const { client } = await requireWhatsapp(env, accountId);
  let r;
  try {
    r = await client.getAuthorizationCode(phone.digits);
  } catch (e) {
    upstreamError(e, "Green API");
  }
  if (!r.status || !r.code) throw new AppError(400, "PHONE_CODE_REFUSED", "Green API не выдал код: проверьте номер и состояние инстанса");
  return { code: r.code, phoneNumber: phone.international, expiresInMs: 150_000 };
}

export async function whatsappReboot(env: Env, accountId: string) {
  const { ch, client } = await requireWhatsapp(env, accountId);
  try {
    const r = await client.reboot();
    await recordWhatsappState(env, ch, "starting");
    return { isReboot: r.isReboot };
  } catch (e) {
    upstreamError(e, "Green API");
  }
}

export async function whatsappLogout(env: Env, accountId: string) {
  const { ch, client } = await requireWhatsapp(env, accountId);
  try {
    const r = await client.logout();
    await recordWhatsappState(env, ch, "notAuthorized", { wid: null });
    return { isLogout: r.isLogout };
  } catch (e) {
    upstreamError(e, "Green API");
  }
}

export async function deleteWhatsapp(env: Env, accountId: string) {
  const { ch, creds, client } = await requireWhatsapp(env, accountId);
  try {
    if (creds.viaPartner && env.GREEN_API_PARTNER_TOKEN) await deleteInstance(env.GREEN_API_BASE, env.GREEN_API_PARTNER_TOKEN, creds.idInstance);
    else await client.setSettings({ webhookUrl: "", webhookUrlToken: "" });
  } catch (error) {
    createLogger({ accountId }).warn("whatsapp: releasing the instance failed on delete", { error });
  }
  const updated = await markDisconnected(env, ch, { stateInstance: null });
  await publishSafe(env, accountId, [{ event: "core::whatsappStateChanged", data: whatsappSettingsDto(env, updated) }]);
  return { connected: false };
}

export const INSTANCE_SETTING_KEYS = ["delaySendMessagesMilliseconds", "markIncomingMessagesReaded", "markIncomingMessagesReadedOnReply", "keepOnlineStatus"] as const;

export async function getInstanceSettings(env: Env, accountId: string) {
  const { client } = await requireWhatsapp(env, accountId);
  try {
    const all = await client.getSettings();
    // Green API documents these keys' values as the schema's (numbers, "yes"/"no").
    return Object.fromEntries(INSTANCE_SETTING_KEYS.filter((k) => k in all).map((k) => [k, all[k]])) as InstanceSettings;
  } catch (e) {
    upstreamError(e, "Green API");
  }
}

/** PUT /instance-settings: the gateway's own settings; our webhook fields are always kept (setSettings restarts the instance). */
export async function putInstanceSettings(env: Env, accountId: string, input: InstanceSettings, requestUrl?: string) {
  const { ch, client } = await requireWhatsapp(env, accountId);
  const token = randomToken(32);
  const url = webhookUrl(env, whatsappWebhookPath(accountId), requestUrl);
  try {
    await client.setSettings({ ...input, ...webhookSettings(url, token) });
  } catch (e) {
    upstreamError(e, "Green API");
  }
  const updated = await updateChannel(env, ch, { webhookSecretHash: await secretHash(token), state: { ...ch.state, webhookUrl: url, instanceSettings: input } });
  await recordWhatsappState(env, updated, "starting");
  return { ...input };
}

/** PUT at the prefix: our settings of the channel (assistant binding, on/off). */
export async function putWhatsappSettings(env: Env, accountId: string, input: { assistantId?: string | null; enabled?: boolean }) {
  const { ch } = await requireWhatsapp(env, accountId);
  const assistantId = input.assistantId === undefined ? ch.assistantId : await resolveAssistant(env, accountId, input.assistantId, ch.assistantId);
  const updated = await updateChannel(env, ch, { assistantId, enabled: input.enabled ?? ch.enabled });
  const dto = whatsappSettingsDto(env, updated);
  await publishSafe(env, accountId, [{ event: "core::whatsappStateChanged", data: dto }]);
  return dto;
}

export async function toggleWhatsapp(env: Env, accountId: string, enabled?: boolean) {
  const { ch } = await requireWhatsapp(env, accountId);
  const updated = await updateChannel(env, ch, { enabled: enabled ?? !ch.enabled });
  const dto = whatsappSettingsDto(env, updated);
  await publishSafe(env, accountId, [{ event: "core::whatsappStateChanged", data: dto }]);
  return dto;
}
