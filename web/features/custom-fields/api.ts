import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { ApiBody, ApiResponse } from "@/lib/api-types";

/** Shapes of the custom fields and tags routes, as the worker answers them. */
export type CustomFieldDef = ApiResponse<"/accounts/:accountId/custom-fields">["data"][number];
export type FieldInput = ApiBody<"/accounts/:accountId/custom-fields">;
export type FieldPatch = ApiBody<"/accounts/:accountId/custom-fields/:fieldId", "patch">;
export type AccountTag = ApiResponse<"/accounts/:accountId/tags">["data"][number];
export type TagInput = ApiBody<"/accounts/:accountId/tags">;
export type ContactTag = ApiResponse<"/accounts/:accountId/contacts/:contactId/tags", "put">["tags"][number];
export type FieldValues = ApiResponse<"/accounts/:accountId/contacts/:contactId/fields", "put">["fieldValues"];
export type FieldValue = FieldValues[string];

/** Keys under ["accounts", accountId, …] like every account query. */
export const customFieldKeys = {
  fields: (accountId: string) => ["accounts", accountId, "custom-fields"] as const,
  tags: (accountId: string) => ["accounts", accountId, "tags"] as const,
};

export const customFieldQueries = {
  fields: (accountId: string) =>
    queryOptions({
      queryKey: customFieldKeys.fields(accountId),
      queryFn: ({ signal }) => api.get<ApiResponse<"/accounts/:accountId/custom-fields">>(`/accounts/${accountId}/custom-fields`, { signal, silent: true }),
    }),
  tags: (accountId: string) =>
    queryOptions({
      queryKey: customFieldKeys.tags(accountId),
      queryFn: ({ signal }) => api.get<ApiResponse<"/accounts/:accountId/tags">>(`/accounts/${accountId}/tags`, { signal, silent: true }),
    }),
};

export const customFieldApi = {
  get: (accountId: string, fieldId: string) => api.get<ApiResponse<"/accounts/:accountId/custom-fields/:fieldId">>(`/accounts/${accountId}/custom-fields/${fieldId}`),
  create: (accountId: string, body: FieldInput) => api.post<ApiResponse<"/accounts/:accountId/custom-fields", "post">>(`/accounts/${accountId}/custom-fields`, body, { silent: true }),
  update: (accountId: string, fieldId: string, body: FieldPatch) =>
    api.patch<ApiResponse<"/accounts/:accountId/custom-fields/:fieldId", "patch">>(`/accounts/${accountId}/custom-fields/${fieldId}`, body, { silent: true }),
  remove: (accountId: string, fieldId: string) => api.delete<ApiResponse<"/accounts/:accountId/custom-fields/:fieldId", "delete">>(`/accounts/${accountId}/custom-fields/${fieldId}`),
  reorder: (accountId: string, ids: string[]) => api.put<ApiResponse<"/accounts/:accountId/custom-fields/order", "put">>(`/accounts/${accountId}/custom-fields/order`, { ids }),
  createTag: (accountId: string, body: TagInput) => api.post<ApiResponse<"/accounts/:accountId/tags", "post">>(`/accounts/${accountId}/tags`, body, { silent: true }),
  updateTag: (accountId: string, tagId: string, body: ApiBody<"/accounts/:accountId/tags/:tagId", "patch">) =>
    api.patch<ApiResponse<"/accounts/:accountId/tags/:tagId", "patch">>(`/accounts/${accountId}/tags/${tagId}`, body, { silent: true }),
  removeTag: (accountId: string, tagId: string) => api.delete<ApiResponse<"/accounts/:accountId/tags/:tagId", "delete">>(`/accounts/${accountId}/tags/${tagId}`),
  /** Silent: the card shows each field's message on its input. */
  setContactFields: (accountId: string, contactId: string, values: Record<string, unknown>) =>
    api.put<ApiResponse<"/accounts/:accountId/contacts/:contactId/fields", "put">>(`/accounts/${accountId}/contacts/${contactId}/fields`, { values }, { silent: true }),
  setContactTags: (accountId: string, contactId: string, tagIds: string[]) =>
    api.put<ApiResponse<"/accounts/:accountId/contacts/:contactId/tags", "put">>(`/accounts/${accountId}/contacts/${contactId}/tags`, { tagIds }),
};
