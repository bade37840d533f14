import { queryOptions } from "@tanstack/react-query";
import type { instagramState } from "@worker/features/channels/instagram.service";
import type { getOauthCandidates } from "@worker/features/channels/instagram-oauth.service";
import type { telegramState } from "@worker/features/channels/telegram.service";
import type { whatsappSettingsDto, whatsappPhoneCode, whatsappQr } from "@worker/features/channels/whatsapp.service";
import type { DemoCustomerMessage, sendAsDemoCustomer } from "@worker/features/dev/demo-customer.service";
import { api } from "@/lib/api";

/** Response shapes come from the worker's own functions (type-only), never hand-copied. */
/** One object type out of a union of object literals (the "not connected" and "connected" shapes). */
type Merge<U> = { [K in U extends unknown ? keyof U : never]: U extends { [P in K]: infer V } ? V : never };
export type TelegramState = Merge<Awaited<ReturnType<typeof telegramState>>>;
export type WhatsappSettings = Merge<ReturnType<typeof whatsappSettingsDto>>;
export type WhatsappQr = Awaited<ReturnType<typeof whatsappQr>>;
export type WhatsappPhoneCode = Awaited<ReturnType<typeof whatsappPhoneCode>>;
export type InstagramState = Merge<ReturnType<typeof instagramState>>;
export type InstagramOauthPick = Awaited<ReturnType<typeof getOauthCandidates>>;
export interface InstanceSettings {
  delaySendMessagesMilliseconds?: number;
  markIncomingMessagesReaded?: "yes" | "no";
  markIncomingMessagesReadedOnReply?: "yes" | "no";
  keepOnlineStatus?: "yes" | "no";
}
export interface AssistantOption {
  assistantId: string;
  name: string;
  createdAt: number;
}

export type ChannelKind = "telegram" | "whatsapp" | "instagram";

export const channelKeys = {
  all: (accountId: string) => ["accounts", accountId, "channels"] as const,
  telegram: (accountId: string) => ["accounts", accountId, "channels", "telegram"] as const,
  whatsapp: (accountId: string) => ["accounts", accountId, "channels", "whatsapp"] as const,
  whatsappQr: (accountId: string) => ["accounts", accountId, "channels", "whatsapp", "qr"] as const,
  instanceSettings: (accountId: string) => ["accounts", accountId, "channels", "whatsapp", "instance-settings"] as const,
  instagram: (accountId: string) => ["accounts", accountId, "channels", "instagram"] as const,
  instagramOauth: (accountId: string) => ["accounts", accountId, "channels", "instagram", "oauth"] as const,
  instagramPick: (accountId: string, pickId: string) => ["accounts", accountId, "channels", "instagram", "oauth", pickId] as const,
  assistants: (accountId: string) => ["accounts", accountId, "assistants", "options"] as const,
};

const base = (accountId: string) => `/accounts/${accountId}`;

/** WhatsApp states in which the page keeps asking the gateway (someone is connecting the phone). */
export const CONNECTING_STATES = new Set<string | null>([null, "notAuthorized", "starting"]);

export const channelQueries = {
  telegram: (accountId: string) =>
    queryOptions({
      queryKey: channelKeys.telegram(accountId),
      queryFn: ({ signal }) => api.get<TelegramState>(`${base(accountId)}/platform-telegram`, { signal, silent: true }),
    }),
  whatsapp: (accountId: string) =>
    queryOptions({
      queryKey: channelKeys.whatsapp(accountId),
      queryFn: ({ signal }) => api.get<WhatsappSettings>(`${base(accountId)}/platform-whatsapp/settings`, { signal, silent: true }),
    }),
  instagram: (accountId: string) =>
    queryOptions({
      queryKey: channelKeys.instagram(accountId),
      queryFn: ({ signal }) => api.get<InstagramState>(`${base(accountId)}/platform-instagram`, { signal, silent: true }),
    }),
  /** Whether the Facebook login is configured on the server (META_APP_ID and META_APP_SECRET). */
  instagramOauth: (accountId: string) =>
    queryOptions({
      queryKey: channelKeys.instagramOauth(accountId),
      queryFn: ({ signal }) => api.get<{ available: boolean }>(`${base(accountId)}/platform-instagram/oauth`, { signal, silent: true }),
      staleTime: Infinity,
    }),
  /** The Instagram accounts one Facebook login found (no tokens); used once, so never refetched behind the person's back. */
  instagramPick: (accountId: string, pickId: string) =>
    queryOptions({
      queryKey: channelKeys.instagramPick(accountId, pickId),
      queryFn: ({ signal }) => api.get<InstagramOauthPick>(`${base(accountId)}/platform-instagram/oauth/candidates/${encodeURIComponent(pickId)}`, { signal, silent: true }),
      staleTime: Infinity,
      retry: false,
    }),
  instanceSettings: (accountId: string) =>
    queryOptions({
      queryKey: channelKeys.instanceSettings(accountId),
      queryFn: ({ signal }) => api.get<InstanceSettings>(`${base(accountId)}/platform-whatsapp/instance-settings`, { signal, silent: true }),
      staleTime: 0,
    }),
  /** Every assistant of the account, oldest first (the first one is the default binding). */
  assistants: (accountId: string) =>
    queryOptions({
      queryKey: channelKeys.assistants(accountId),
      queryFn: async ({ signal }) => {
        const res = await api.get<{ data: AssistantOption[] }>(`${base(accountId)}/assistants`, { query: { limit: 100 }, signal, silent: true });
        return [...res.data].sort((a, b) => a.createdAt - b.createdAt || a.assistantId.localeCompare(b.assistantId));
      },
    }),
};

export const channelApi = {
  connectTelegram: (accountId: string, body: { botToken?: string; assistantId?: string | null }) =>
    api.put<TelegramState>(`${base(accountId)}/platform-telegram`, body, { silent: true }),
  /** The demo's "write as a customer" (a dev-only route, present while npm start's stand-ins run). */
  sendAsDemoCustomer: (body: DemoCustomerMessage & { accountId: string }) => api.post<Awaited<ReturnType<typeof sendAsDemoCustomer>>>("/dev/customer-message", body),
  toggleTelegram: (accountId: string, enabled: boolean) => api.post<TelegramState>(`${base(accountId)}/platform-telegram/toggle`, { enabled }),
  disconnectTelegram: (accountId: string) => api.delete<{ connected: false }>(`${base(accountId)}/platform-telegram`),

  createInstance: (accountId: string, body: { idInstance?: string; apiTokenInstance?: string; apiUrl?: string; assistantId?: string | null }, silent = false) =>
    api.post<WhatsappSettings>(`${base(accountId)}/platform-whatsapp/create-instance`, body, { silent }),
  instanceState: (accountId: string) => api.get<WhatsappSettings>(`${base(accountId)}/platform-whatsapp/instance-state`, { silent: true, background: true }),
  qr: (accountId: string, signal?: AbortSignal) => api.get<WhatsappQr>(`${base(accountId)}/platform-whatsapp/get-qr-code`, { signal, silent: true, background: true }),
  phoneCode: (accountId: string, phoneNumber: string) =>
    api.post<WhatsappPhoneCode>(`${base(accountId)}/platform-whatsapp/connect-by-phone-code`, { phoneNumber }, { silent: true }),
  reboot: (accountId: string) => api.post<{ isReboot: boolean }>(`${base(accountId)}/platform-whatsapp/reboot`),
  logout: (accountId: string) => api.post<{ isLogout: boolean }>(`${base(accountId)}/platform-whatsapp/logout`),
  deleteWhatsapp: (accountId: string) => api.delete<{ connected: false }>(`${base(accountId)}/platform-whatsapp`),
  putInstanceSettings: (accountId: string, body: InstanceSettings) => api.put<InstanceSettings>(`${base(accountId)}/platform-whatsapp/instance-settings`, body, { silent: true }),
  putWhatsappSettings: (accountId: string, body: { assistantId?: string | null; enabled?: boolean }) => api.put<WhatsappSettings>(`${base(accountId)}/platform-whatsapp`, body),
  toggleWhatsapp: (accountId: string, enabled: boolean) => api.post<WhatsappSettings>(`${base(accountId)}/platform-whatsapp/toggle`, { enabled }),

  connectInstagram: (accountId: string, body: { instagramAccountId: string; accessToken: string; assistantId?: string | null }) =>
    api.put<InstagramState>(`${base(accountId)}/platform-instagram`, body, { silent: true }),
  instagramSettings: (accountId: string, body: { assistantId?: string | null; commentsAutoReply?: boolean }) =>
    api.patch<InstagramState>(`${base(accountId)}/platform-instagram/settings`, body),
  toggleInstagram: (accountId: string, enabled: boolean) => api.post<InstagramState>(`${base(accountId)}/platform-instagram/toggle`, { enabled }),
  disconnectInstagram: (accountId: string) => api.delete<{ connected: false }>(`${base(accountId)}/platform-instagram`),
  startInstagramOauth: (accountId: string) => api.post<{ url: string }>(`${base(accountId)}/platform-instagram/oauth/start`, undefined, { silent: true }),
  connectInstagramOauth: (accountId: string, body: { pickId: string; instagramId: string; assistantId?: string | null }) =>
    api.post<InstagramState>(`${base(accountId)}/platform-instagram/oauth/connect`, body, { silent: true }),
};
