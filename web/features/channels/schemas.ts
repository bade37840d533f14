import type { TFunction } from "i18next";
import { z } from "zod";

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
    idInstance: z
      .string()
      .trim()
      .regex(/^\d{4,20}$/, t("whatsapp.existing.idFormat")),
    apiTokenInstance: z.string().trim().min(10, t("whatsapp.existing.tokenShort")).max(200),
    apiUrl: z.union([z.literal(""), z.url(t("whatsapp.existing.urlFormat")).max(200)]),
  });
export type ExistingInstanceValues = z.infer<ReturnType<typeof existingInstanceSchema>>;

export const instagramFormSchema = (t: TFunction) =>
  z.object({
    instagramAccountId: z
      .string()
      .trim()
      .regex(/^\d{5,30}$/, t("instagram.form.idFormat")),
    accessToken: z.string().trim().min(20, t("instagram.form.tokenShort")).max(1000),
  });
export type InstagramFormValues = z.infer<ReturnType<typeof instagramFormSchema>>;
