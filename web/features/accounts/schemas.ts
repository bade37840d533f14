import { z } from "zod";
import type { TFunction } from "i18next";

/** Mirrors worker/features/accounts/accounts.schemas.ts accountBodySchema. */
export const accountFormSchema = (t: TFunction) =>
  z.object({
    name: z.string().trim().min(1, t("accounts:validation.nameRequired")).max(100, t("accounts:validation.nameMax")),
    timezone: z.string().min(1, t("accounts:validation.timezoneRequired")),
    language: z.enum(["ru", "en", "ar", "fr"]),
    description: z.string().trim().max(2000, t("accounts:validation.descriptionMax")),
    website: z
      .string()
      .trim()
      .max(500, t("accounts:validation.websiteMax"))
      .refine((v) => v === "" || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(v), t("accounts:validation.website")),
  });
export type AccountFormValues = z.output<ReturnType<typeof accountFormSchema>>;

export const ACCOUNT_LANGUAGES = ["ru", "en", "ar", "fr"] as const;
