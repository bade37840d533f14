import * as z from "zod/mini";
import type { TFunction } from "i18next";

// zod/mini (not classic zod): the sign-in and registration pages are in the first load, and the
// mini build is about 18 KB gzipped lighter. The checks are the same zod core checks, so the rules
// and messages are identical; classic `z.object({...})` elsewhere accepts these fields as they are.

/** Client-side rules mirror the server's (worker/features/auth/auth.schemas.ts); the server stays the authority. */
export const emailField = (t: TFunction) =>
  z.pipe(
    z.string().check(z.trim(), z.minLength(1, t("auth:validation.emailRequired")), z.maxLength(254, t("auth:validation.emailTooLong"))),
    z.email(t("auth:validation.emailInvalid")),
  );

export const newPasswordField = (t: TFunction) =>
  z.string().check(z.minLength(8, t("auth:validation.passwordMin")), z.maxLength(128, t("auth:validation.passwordMax")));

export const nameField = (t: TFunction) =>
  z.string().check(z.trim(), z.minLength(1, t("auth:validation.nameRequired")), z.maxLength(100, t("auth:validation.nameMax")));

export const requiredPassword = (t: TFunction) =>
  z.string().check(z.minLength(1, t("auth:validation.passwordRequired")), z.maxLength(128, t("auth:validation.passwordMax")));

/** Accepts only same-origin paths as a post-login destination (no open redirect). */
export function safeRedirect(value: string | null | undefined, fallback = "/"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (value.startsWith("/login") || value.startsWith("/register")) return fallback;
  return value;
}
