import { z } from "zod";
import type { TFunction } from "i18next";

/** Client-side rules mirror the server's (worker/features/auth/auth.schemas.ts); the server stays the authority. */
export const emailField = (t: TFunction) =>
  z
    .string()
    .trim()
    .min(1, t("auth:validation.emailRequired"))
    .max(254, t("auth:validation.emailTooLong"))
    .pipe(z.email(t("auth:validation.emailInvalid")));

export const newPasswordField = (t: TFunction) =>
  z.string().min(8, t("auth:validation.passwordMin")).max(128, t("auth:validation.passwordMax"));

export const nameField = (t: TFunction) => z.string().trim().min(1, t("auth:validation.nameRequired")).max(100, t("auth:validation.nameMax"));

export const requiredPassword = (t: TFunction) => z.string().min(1, t("auth:validation.passwordRequired")).max(128, t("auth:validation.passwordMax"));

/** Accepts only same-origin paths as a post-login destination (no open redirect). */
export function safeRedirect(value: string | null | undefined, fallback = "/"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (value.startsWith("/login") || value.startsWith("/register")) return fallback;
  return value;
}
