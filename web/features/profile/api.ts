import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { ApiBody, ApiResponse } from "@/lib/api-types";
import { queryKeys } from "@/lib/query";

export const profileQueries = {
  sessions: () =>
    queryOptions({
      queryKey: queryKeys.sessions(),
      queryFn: () => api.get<ApiResponse<"/auth/sessions">>("/auth/sessions", { silent: true }),
    }),
};

/** The signed-in user's own profile, e-mail, password and sessions. */
export const profileApi = {
  updateMe: (body: ApiBody<"/auth/me", "patch">) => api.patch<ApiResponse<"/auth/me", "patch">>("/auth/me", body, { silent: true }),
  /** The interface language follows the user to other devices; a failure must not disturb the switch. */
  saveLanguage: (language: NonNullable<ApiBody<"/auth/me", "patch">["language"]>) =>
    api.patch<ApiResponse<"/auth/me", "patch">>("/auth/me", { language }, { silent: true, background: true }),
  changeEmail: (body: ApiBody<"/auth/change-email">) => api.post<ApiResponse<"/auth/change-email", "post">>("/auth/change-email", body, { silent: true }),
  changePassword: (body: ApiBody<"/auth/change-password">) =>
    api.post<ApiResponse<"/auth/change-password", "post">>("/auth/change-password", body, { silent: true }),
  revokeSession: (sessionId: string) => api.delete<ApiResponse<"/auth/sessions/:sessionId", "delete">>(`/auth/sessions/${sessionId}`),
  logoutOthers: () => api.post<ApiResponse<"/auth/logout-others", "post">>("/auth/logout-others"),
};
