import type { TFunction } from "i18next";
import { z } from "zod";

/** An id the platform shows as digits only (a WhatsApp instance, an Instagram account). */
const digitsId = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${min},${max}}$`), message);

/** An access token pasted from the platform's console. */
const pastedToken = (min: number, max: number, message: string) => z.string().trim().min(min, message).max(max);

/** Client-side checks mirror the server's (channels.schemas.ts); the server's field messages still win. */
export const telegramFormSchema = (t: TFunction) =>
  z.object({
    botToken: z
      .string()
      .trim()
      .min(1, t("telegram.form.tokenRequired"))
      .regex(/^\d{3,20}:[\w-]{20,}$/, t("telegram.form.tokenFormat")),
  });
export type TelegramFormValues = z.infer<ReturnType<typeof telegramFormSchema>>;

export const existingInstanceSchema = (t: TFunction) =>
  z.object({
    idInstance: digitsId(4, 20, t("whatsapp.existing.idFormat")),
    apiTokenInstance: pastedToken(10, 200, t("whatsapp.existing.tokenShort")),
    apiUrl: z.union([z.literal(""), z.url(t("whatsapp.existing.urlFormat")).max(200)]),
  });
export type ExistingInstanceValues = z.infer<ReturnType<typeof existingInstanceSchema>>;

export const instagramFormSchema = (t: TFunction) =>
  z.object({
    instagramAccountId: digitsId(5, 30, t("instagram.form.idFormat")),
    accessToken: pastedToken(20, 1000, t("instagram.form.tokenShort")),
  });
export type InstagramFormValues = z.infer<ReturnType<typeof instagramFormSchema>>;
