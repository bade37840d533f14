import * as z from "zod/mini";
import type { TFunction } from "i18next";

// zod/mini (not classic zod): the checks are the same zod core checks, so the rules and messages are
// identical, and classic `z.object({...})` elsewhere accepts these fields as they are. The auth
// pages' own schemas are below: those pages load this module at the first validation (see
// SchemaSource in web/lib/form.ts), so zod is not in their first download.

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

/** /login */
export const loginSchema = (t: TFunction) => z.object({ email: emailField(t), password: requiredPassword(t) });

/** /register (the new password typed twice, the terms accepted) */
export const registerSchema = (t: TFunction) =>
  z
    .object({
      name: nameField(t),
      email: emailField(t),
      password: newPasswordField(t),
      confirmPassword: z.string(),
      terms: z.boolean().check(z.refine((v) => v, t("auth:validation.termsRequired"))),
    })
    .check(z.refine((v) => v.password === v.confirmPassword, { message: t("auth:validation.passwordsDiffer"), path: ["confirmPassword"] }));

/** /auth/forgot-password */
export const forgotPasswordSchema = (t: TFunction) => z.object({ email: emailField(t) });

/** /auth/reset (the new password typed twice) */
export const resetPasswordSchema = (t: TFunction) =>
  z
    .object({ password: newPasswordField(t), confirmPassword: z.string() })
    .check(z.refine((v) => v.password === v.confirmPassword, { message: t("auth:validation.passwordsDiffer"), path: ["confirmPassword"] }));
