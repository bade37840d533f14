import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { ApiBody, ApiResponse } from "@/lib/api-types";

/** Shapes of /api/accounts/{id}/webhooks, as the worker's routes answer them (never hand-copied). */
export type WebhookEndpoint = ApiResponse<"/accounts/:accountId/webhooks">["data"][number];
export type WebhookLastDelivery = NonNullable<WebhookEndpoint["lastDelivery"]>;
export type WebhookDelivery = ApiResponse<"/accounts/:accountId/webhooks/:endpointId/deliveries">["data"][number];
export type WebhookDeliveryStatus = WebhookDelivery["status"];
export type WebhookAttempt = WebhookDelivery["attempts"][number];
export type WebhookEventTypeInfo = ApiResponse<"/accounts/:accountId/webhook/event-types">["data"][number];
export type EndpointInput = ApiBody<"/accounts/:accountId/webhooks">;

/** Query factories of the webhooks tab; keys under ["accounts", accountId, "webhooks", …]. */
export const webhookQueries = {
  endpoints: (accountId: string) =>
    queryOptions({
      queryKey: ["accounts", accountId, "webhooks"] as const,
      queryFn: () => api.get<ApiResponse<"/accounts/:accountId/webhooks">>(`/accounts/${accountId}/webhooks`, { silent: true }),
      // A delivery on its way (a test event just sent): its outcome shows without a reload.
      refetchInterval: (q) => (q.state.data?.data.some((e) => e.lastDelivery?.status === "pending" || e.lastDelivery?.status === "sending") ? 2500 : false),
    }),
  eventTypes: (accountId: string) =>
    queryOptions({
      queryKey: ["accounts", accountId, "webhook-event-types"] as const,
      queryFn: () => api.get<ApiResponse<"/accounts/:accountId/webhook/event-types">>(`/accounts/${accountId}/webhook/event-types`, { silent: true }),
      staleTime: Infinity,
    }),
  deliveries: (accountId: string, endpointId: string, page: number, limit = 10) =>
    queryOptions({
      queryKey: ["accounts", accountId, "webhooks", endpointId, "deliveries", { page, limit }] as const,
      queryFn: () => api.get<ApiResponse<"/accounts/:accountId/webhooks/:endpointId/deliveries">>(`/accounts/${accountId}/webhooks/${endpointId}/deliveries`, { query: { page, limit }, silent: true }),
      placeholderData: (prev) => prev,
      // While a delivery is on its way the log follows it; finished logs are still.
      refetchInterval: (q) => (q.state.data?.data.some((d) => d.status === "pending" || d.status === "sending") ? 2500 : false),
    }),
};

export const webhookApi = {
  create: (accountId: string, input: EndpointInput) => api.post<ApiResponse<"/accounts/:accountId/webhooks", "post">>(`/accounts/${accountId}/webhooks`, input, { silent: true }),
  update: (accountId: string, id: string, patch: ApiBody<"/accounts/:accountId/webhooks/:endpointId", "patch">) => api.patch<ApiResponse<"/accounts/:accountId/webhooks/:endpointId", "patch">>(`/accounts/${accountId}/webhooks/${id}`, patch, { silent: true }),
  remove: (accountId: string, id: string) => api.delete<ApiResponse<"/accounts/:accountId/webhooks/:endpointId", "delete">>(`/accounts/${accountId}/webhooks/${id}`),
  rotate: (accountId: string, id: string) => api.post<ApiResponse<"/accounts/:accountId/webhooks/:endpointId/rotate-secret", "post">>(`/accounts/${accountId}/webhooks/${id}/rotate-secret`, {}),
  test: (accountId: string, id: string) => api.post<ApiResponse<"/accounts/:accountId/webhooks/:endpointId/test", "post">>(`/accounts/${accountId}/webhooks/${id}/test`, {}),
  redeliver: (accountId: string, deliveryId: string) => api.post<ApiResponse<"/accounts/:accountId/webhooks/deliveries/:deliveryId/redeliver", "post">>(`/accounts/${accountId}/webhooks/deliveries/${deliveryId}/redeliver`, {}),
};
