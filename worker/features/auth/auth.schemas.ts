import { z } from "zod";
import { email } from "../../lib/validation";

export const password = () =>
  z.string().min(8, "Пароль должен содержать не менее 8 символов").max(128, "Пароль должен содержать не более 128 символов");
const name = () => z.string().trim().min(1, "Введите имя").max(100, "Имя должно содержать не более 100 символов");
const token = () => z.string().trim().min(10, "Некорректный токен").max(200, "Некорректный токен");

export const registerSchema = z.object({
  email: email(),
  password: password(),
  name: name(),
  inviteToken: token().optional(),
  /** The partner code the browser kept (`partnerCode`, SPEC §7.7); unknown codes are ignored. */
  partnerCode: z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/).optional().catch(undefined),
});

export const loginSchema = z.object({
  email: email(),
  password: z.string().min(1, "Введите пароль").max(128),
});

export const verifyEmailSchema = z.object({ token: token() });
export const forgotPasswordSchema = z.object({ email: email() });
export const resetPasswordSchema = z.object({ token: token(), password: password() });
export const updateProfileSchema = z
  .object({ name: name().optional(), language: z.enum(["ru", "en", "ar", "fr"]).optional() })
  .refine((v) => Object.keys(v).length > 0, "Нет полей для изменения");
export const changePasswordSchema = z.object({ currentPassword: z.string().min(1).max(128), newPassword: password() });
export const changeEmailSchema = z.object({ email: email(), password: z.string().min(1).max(128) });
export const meQuerySchema = z.object({ accountId: z.string().max(64).optional() });
