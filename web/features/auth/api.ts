import { api } from "@/lib/api";
import type { ApiBody, ApiResponse } from "@/lib/api-types";

/** The sign-in, registration, password and invitation calls of the public auth pages. */
export const authApi = {
  login: (body: ApiBody<"/auth/login">) => api.post<ApiResponse<"/auth/login", "post">>("/auth/login", body, { silent: true }),
  register: (body: ApiBody<"/auth/register">) => api.post<ApiResponse<"/auth/register", "post">>("/auth/register", body, { silent: true }),
  forgotPassword: (body: ApiBody<"/auth/forgot-password">) =>
    api.post<ApiResponse<"/auth/forgot-password", "post">>("/auth/forgot-password", body, { silent: true }),
  resetPassword: (body: ApiBody<"/auth/reset-password">) =>
    api.post<ApiResponse<"/auth/reset-password", "post">>("/auth/reset-password", body, { silent: true }),
  verifyEmail: (body: ApiBody<"/auth/verify-email">) => api.post<ApiResponse<"/auth/verify-email", "post">>("/auth/verify-email", body, { silent: true }),
  // Not silent: a failure is shown by the api client's own toast.
  resendVerification: () => api.post<ApiResponse<"/auth/resend-verification", "post">>("/auth/resend-verification"),
  invitation: (token: string) => api.get<ApiResponse<"/invitations/:token">>(`/invitations/${encodeURIComponent(token)}`, { silent: true }),
  acceptInvitation: (body: ApiBody<"/invitations/accept">) => api.post<ApiResponse<"/invitations/accept", "post">>("/invitations/accept", body),
};
