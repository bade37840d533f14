import { queryOptions } from "@tanstack/react-query";
import type { instagramState } from "@worker/features/channels/instagram.service";
import type { getOauthCandidates } from "@worker/features/channels/instagram-oauth.service";
import type { telegramState } from "@worker/features/channels/telegram.service";
import type { whatsappSettingsDto, whatsappPhoneCode, whatsappQr } from "@worker/features/channels/whatsapp.service";
import type { DemoCustomerMessage, sendAsDemoCustomer } from "@worker/features/dev/demo-customer.service";
import { api } from "@/lib/api";
import type { ApiBody, ApiResponse } from "@/lib/api-types";

/** Response shapes come from the worker's own functions (type-only), never hand-copied. */
/** One object type out of a union of object literals (the "not connected" and "connected" shapes). */
type Merge<U> = { [K in U extends unknown ? keyof U : never]: U extends { [P in K]: infer V } ? V : never };
export type TelegramState = Merge<Awaited<ReturnType<typeof telegramState>>>;
export type WhatsappSettings = Merge<ReturnType<typeof whatsappSettingsDto>>;
export type WhatsappQr = Awaited<ReturnType<typeof whatsappQr>>;
export type WhatsappPhoneCode = Awaited<ReturnType<typeof whatsappPhoneCode>>;
export type InstagramState = Merge<ReturnType<typeof instagramState>>;
export type InstagramOauthPick = Awaited<ReturnType<typeof getOauthCandidates>>;
export type { InstanceSettings } from "@worker/features/channels/channels.schemas";
export type AssistantOption = ApiResponse<"/accounts/:accountId/assistants">["data"][number];

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

/** A channel's state as its card shows it (errors are shown by the card, not as a toast). */
const channelState = <T>(queryKey: readonly string[], path: string) => queryOptions({ queryKey, queryFn: ({ signal }) => api.get<T>(path, { signal, silent: true }) });

export const channelQueries = {
  telegram: (accountId: string) => channelState<TelegramState>(channelKeys.telegram(accountId), `${base(accountId)}/platform-telegram`),
  whatsapp: (accountId: string) => channelState<WhatsappSettings>(channelKeys.whatsapp(accountId), `${base(accountId)}/platform-whatsapp/settings`),
  instagram: (accountId: string) => channelState<InstagramState>(channelKeys.instagram(accountId), `${base(accountId)}/platform-instagram`),
  /** Whether the Facebook login is configured on the server (META_APP_ID and META_APP_SECRET). */
  instagramOauth: (accountId: string) =>
    queryOptions({
      queryKey: channelKeys.instagramOauth(accountId),
      queryFn: ({ signal }) => api.get<ApiResponse<"/accounts/:accountId/platform-instagram/oauth">>(`${base(accountId)}/platform-instagram/oauth`, { signal, silent: true }),
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
      queryFn: ({ signal }) => api.get<ApiResponse<"/accounts/:accountId/platform-whatsapp/instance-settings">>(`${base(accountId)}/platform-whatsapp/instance-settings`, { signal, silent: true }),
      staleTime: 0,
    }),
  /** Every assistant of the account, oldest first (the first one is the default binding). */
  assistants: (accountId: string) =>
    queryOptions({
      queryKey: channelKeys.assistants(accountId),
      queryFn: async ({ signal }) => {
        const res = await api.get<ApiResponse<"/accounts/:accountId/assistants">>(`${base(accountId)}/assistants`, { query: { limit: 100 }, signal, silent: true });
        return [...res.data].sort((a, b) => a.createdAt - b.createdAt || a.assistantId.localeCompare(b.assistantId));
      },
    }),
};

export const channelApi = {
  connectTelegram: (accountId: string, body: ApiBody<"/accounts/:accountId/platform-telegram", "put">) =>
    api.put<TelegramState>(`${base(accountId)}/platform-telegram`, body, { silent: true }),
  /** The demo's "write as a customer" (a dev-only route, present while npm start's stand-ins run). */
  sendAsDemoCustomer: (body: DemoCustomerMessage & { accountId: string }) => api.post<Awaited<ReturnType<typeof sendAsDemoCustomer>>>("/dev/customer-message", body),
  toggleTelegram: (accountId: string, enabled: boolean) => api.post<TelegramState>(`${base(accountId)}/platform-telegram/toggle`, { enabled }),
  disconnectTelegram: (accountId: string) => api.delete<ApiResponse<"/accounts/:accountId/platform-telegram", "delete">>(`${base(accountId)}/platform-telegram`),

  createInstance: (accountId: string, body: ApiBody<"/accounts/:accountId/platform-whatsapp/create-instance">, silent = false) =>
    api.post<WhatsappSettings>(`${base(accountId)}/platform-whatsapp/create-instance`, body, { silent }),
  instanceState: (accountId: string) => api.get<WhatsappSettings>(`${base(accountId)}/platform-whatsapp/instance-state`, { silent: true, background: true }),
  qr: (accountId: string, signal?: AbortSignal) => api.get<WhatsappQr>(`${base(accountId)}/platform-whatsapp/get-qr-code`, { signal, silent: true, background: true }),
  phoneCode: (accountId: string, phoneNumber: string) =>
    api.post<WhatsappPhoneCode>(`${base(accountId)}/platform-whatsapp/connect-by-phone-code`, { phoneNumber } satisfies ApiBody<"/accounts/:accountId/platform-whatsapp/connect-by-phone-code">, { silent: true }),
  reboot: (accountId: string) => api.post<ApiResponse<"/accounts/:accountId/platform-whatsapp/reboot", "post">>(`${base(accountId)}/platform-whatsapp/reboot`),
  logout: (accountId: string) => api.post<ApiResponse<"/accounts/:accountId/platform-whatsapp/logout", "post">>(`${base(accountId)}/platform-whatsapp/logout`),
  deleteWhatsapp: (accountId: string) => api.delete<ApiResponse<"/accounts/:accountId/platform-whatsapp", "delete">>(`${base(accountId)}/platform-whatsapp`),
  putInstanceSettings: (accountId: string, body: ApiBody<"/accounts/:accountId/platform-whatsapp/instance-settings", "put">) =>
    api.put<ApiResponse<"/accounts/:accountId/platform-whatsapp/instance-settings", "put">>(`${base(accountId)}/platform-whatsapp/instance-settings`, body, { silent: true }),
  putWhatsappSettings: (accountId: string, body: ApiBody<"/accounts/:accountId/platform-whatsapp", "put">) => api.put<WhatsappSettings>(`${base(accountId)}/platform-whatsapp`, body),
  toggleWhatsapp: (accountId: string, enabled: boolean) => api.post<WhatsappSettings>(`${base(accountId)}/platform-whatsapp/toggle`, { enabled }),

  connectInstagram: (accountId: string, body: ApiBody<"/accounts/:accountId/platform-instagram", "put">) =>
    api.put<InstagramState>(`${base(accountId)}/platform-instagram`, body, { silent: true }),
  instagramSettings: (accountId: string, body: ApiBody<"/accounts/:accountId/platform-instagram/settings", "patch">) =>
    api.patch<InstagramState>(`${base(accountId)}/platform-instagram/settings`, body),
  toggleInstagram: (accountId: string, enabled: boolean) => api.post<InstagramState>(`${base(accountId)}/platform-instagram/toggle`, { enabled }),
  disconnectInstagram: (accountId: string) => api.delete<ApiResponse<"/accounts/:accountId/platform-instagram", "delete">>(`${base(accountId)}/platform-instagram`),
  startInstagramOauth: (accountId: string) => api.post<ApiResponse<"/accounts/:accountId/platform-instagram/oauth/start", "post">>(`${base(accountId)}/platform-instagram/oauth/start`, undefined, { silent: true }),
  connectInstagramOauth: (accountId: string, body: ApiBody<"/accounts/:accountId/platform-instagram/oauth/connect">) =>
    api.post<InstagramState>(`${base(accountId)}/platform-instagram/oauth/connect`, body, { silent: true }),
};

export interface DeadLetterFilter {
  page: number;
  limit: number;
  queue: string;
  pending: boolean;
  accountId: string;
}

/** The platform administrator's dead-letter queue (it lives with the channels whose sends end there). */
export const deadLetterApi = {
  list: (f: DeadLetterFilter, signal?: AbortSignal) =>
    api.get<ApiResponse<"/admin/dead-letters">>("/admin/dead-letters", {
      query: { page: f.page, limit: f.limit, ...(f.queue !== "all" ? { queue: f.queue } : {}), ...(f.pending ? { pending: "true" } : {}), ...(f.accountId ? { accountId: f.accountId } : {}) },
      signal,
      silent: true,
    }),
  replay: (id: string) => api.post<ApiResponse<"/admin/dead-letters/:id/replay", "post">>(`/admin/dead-letters/${id}/replay`),
  remove: (id: string) => api.delete<ApiResponse<"/admin/dead-letters/:id", "delete">>(`/admin/dead-letters/${id}`),
};
