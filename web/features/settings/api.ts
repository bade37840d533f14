import { api } from "@/lib/api";
import type { ApiBody, ApiResponse } from "@/lib/api-types";

const base = (accountId: string) => `/accounts/${accountId}`;

/** The account settings pages: the account card, defaults, downtime, members and invitations. */
export const settingsApi = {
  updateAccount: (accountId: string, body: ApiBody<"/accounts/:accountId", "put">) =>
    api.put<ApiResponse<"/accounts/:accountId", "put">>(base(accountId), body, { silent: true }),
  updateSettings: (accountId: string, body: ApiBody<"/accounts/:accountId/settings", "put">) =>
    api.put<ApiResponse<"/accounts/:accountId/settings", "put">>(`${base(accountId)}/settings`, body),
  updateDowntime: (accountId: string, body: ApiBody<"/accounts/:accountId/settings/downtime", "put">) =>
    api.put<ApiResponse<"/accounts/:accountId/settings/downtime", "put">>(`${base(accountId)}/settings/downtime`, body, { silent: true }),
  leave: (accountId: string) => api.post<ApiResponse<"/accounts/:accountId/leave", "post">>(`${base(accountId)}/leave`),
  removeAccount: (accountId: string) => api.delete<ApiResponse<"/accounts/:accountId", "delete">>(base(accountId)),
  setMemberRole: (accountId: string, userId: string, body: ApiBody<"/accounts/:accountId/members/:userId", "patch">) =>
    api.patch<ApiResponse<"/accounts/:accountId/members/:userId", "patch">>(`${base(accountId)}/members/${userId}`, body),
  removeMember: (accountId: string, userId: string) =>
    api.delete<ApiResponse<"/accounts/:accountId/members/:userId", "delete">>(`${base(accountId)}/members/${userId}`),
  invite: (accountId: string, body: ApiBody<"/accounts/:accountId/members/invitations">) =>
    api.post<ApiResponse<"/accounts/:accountId/members/invitations", "post">>(`${base(accountId)}/members/invitations`, body, { silent: true }),
  revokeInvitation: (accountId: string, invitationId: string) =>
    api.delete<ApiResponse<"/accounts/:accountId/members/invitations/:invitationId", "delete">>(`${base(accountId)}/members/invitations/${invitationId}`),
};
