import type { TFunction } from "i18next";
import { z } from "zod";

/** The languages a package's name is translated into (Russian is «Название» itself). */
export const PACKAGE_LANGUAGES = ["en", "fr", "ar"] as const;
export type PackageLanguage = (typeof PACKAGE_LANGUAGES)[number];

/**
 * The package form: numbers are typed as text (a price may use a comma) and sent as numbers; the
 * translated names are optional (an empty one is sent empty: "none", the Russian name is shown).
 */
export function packageFormSchema(t: TFunction) {
  const whole = (required: string, integer: string, min: string, max: number, maxMessage: string) =>
    z
      .string()
      .trim()
      .min(1, required)
      // "-10" is a whole number too: it is refused by the minimum, which says what is wrong.
      .regex(/^[-\u2212]?\d+$/, integer)
      .transform((v) => Number(v.replace("\u2212", "-")))
      .refine((n) => n >= 1, min)
      .refine((n) => n <= max, maxMessage);
  const translation = z.object({ name: z.string().trim().max(100, t("packages.form.errors.nameLong")) });
  return z.object({
    name: z.string().trim().min(1, t("packages.form.errors.name")).max(100, t("packages.form.errors.nameLong")),
    translations: z.object(Object.fromEntries(PACKAGE_LANGUAGES.map((l) => [l, translation])) as Record<PackageLanguage, typeof translation>),
    recipients: whole(t("packages.form.errors.recipients"), t("packages.form.errors.recipientsWhole"), t("packages.form.errors.recipientsMin"), 10_000_000, t("packages.form.errors.recipientsMax")),
    price: z
      .string()
      .trim()
      .min(1, t("packages.form.errors.price"))
      .regex(/^[-\u2212]?\d+([.,]\d{1,2})?$/, t("packages.form.errors.priceFormat"))
      .transform((s) => Number(s.replace(",", ".").replace("\u2212", "-")))
      .refine((n) => n >= 0, t("packages.form.errors.priceNegative"))
      .refine((n) => n <= 10_000_000, t("packages.form.errors.priceMax")),
    validityDays: whole(t("packages.form.errors.validity"), t("packages.form.errors.validityWhole"), t("packages.form.errors.validityMin"), 3650, t("packages.form.errors.validityMax")),
    active: z.boolean(),
  });
}

export type PackageFormInput = z.input<ReturnType<typeof packageFormSchema>>;
