import { queryOptions } from "@tanstack/react-query";
import { api, type Paged } from "@/lib/api";

export interface WebhookLastDelivery {
  status: WebhookDeliveryStatus;
  statusCode: number | null;
  at: number;
  eventType: string;
}

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  /** "gone": the address answered 410 and the platform switched it off. */
  disabledReason: string | null;
  disabledAt: number | null;
  previousSecretUntil: number | null;
  createdAt: number;
  updatedAt: number;
  lastDelivery: WebhookLastDelivery | null;
}

export type WebhookDeliveryStatus = "pending" | "sending" | "succeeded" | "failed";

export interface WebhookAttempt {
  id: string;
  attempt: number;
  statusCode: number | null;
  ok: boolean;
  durationMs: number;
  responseBody: string | null;
  error: string | null;
  createdAt: number;
}

export interface WebhookDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attemptCount: number;
  nextAttemptAt: number | null;
  lastStatusCode: number | null;
  lastError: string | null;
  lastAttemptAt: number | null;
  createdAt: number;
  payload: string;
  attempts: WebhookAttempt[];
}

export interface WebhookEventTypeInfo {
  type: string;
  area: string;
  description: string;
}

export type EndpointInput = { url: string; description: string; events: string[]; enabled: boolean };

/** Query factories of the webhooks tab; keys under ["accounts", accountId, "webhooks", …]. */
export const webhookQueries = {
  endpoints: (accountId: string) =>
    queryOptions({
      queryKey: ["accounts", accountId, "webhooks"] as const,
      queryFn: () => api.get<{ data: WebhookEndpoint[] }>(`/accounts/${accountId}/webhooks`, { silent: true }),
      // A delivery on its way (a test event just sent): its outcome shows without a reload.
      refetchInterval: (q) => (q.state.data?.data.some((e) => e.lastDelivery?.status === "pending" || e.lastDelivery?.status === "sending") ? 2500 : false),
    }),
  eventTypes: (accountId: string) =>
    queryOptions({
      queryKey: ["accounts", accountId, "webhook-event-types"] as const,
      queryFn: () => api.get<{ data: WebhookEventTypeInfo[] }>(`/accounts/${accountId}/webhook/event-types`, { silent: true }),
      staleTime: Infinity,
    }),
  deliveries: (accountId: string, endpointId: string, page: number, limit = 10) =>
    queryOptions({
      queryKey: ["accounts", accountId, "webhooks", endpointId, "deliveries", { page, limit }] as const,
      queryFn: () => api.get<Paged<WebhookDelivery>>(`/accounts/${accountId}/webhooks/${endpointId}/deliveries`, { query: { page, limit }, silent: true }),
      placeholderData: (prev) => prev,
      // While a delivery is on its way the log follows it; finished logs are still.
      refetchInterval: (q) => (q.state.data?.data.some((d) => d.status === "pending" || d.status === "sending") ? 2500 : false),
    }),
};

export const webhookApi = {
  create: (accountId: string, input: EndpointInput) => api.post<WebhookEndpoint & { secret: string; message: string }>(`/accounts/${accountId}/webhooks`, input, { silent: true }),
  update: (accountId: string, id: string, patch: Partial<EndpointInput>) => api.patch<WebhookEndpoint & { message: string }>(`/accounts/${accountId}/webhooks/${id}`, patch, { silent: true }),
  remove: (accountId: string, id: string) => api.delete<{ message: string }>(`/accounts/${accountId}/webhooks/${id}`),
  rotate: (accountId: string, id: string) => api.post<WebhookEndpoint & { secret: string; message: string }>(`/accounts/${accountId}/webhooks/${id}/rotate-secret`, {}),
  test: (accountId: string, id: string) => api.post<WebhookDelivery & { message: string }>(`/accounts/${accountId}/webhooks/${id}/test`, {}),
  redeliver: (accountId: string, deliveryId: string) => api.post<WebhookDelivery & { message: string }>(`/accounts/${accountId}/webhooks/deliveries/${deliveryId}/redeliver`, {}),
};
