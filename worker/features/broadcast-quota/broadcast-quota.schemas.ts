import { z } from "zod";
import { pageQuery } from "../../lib/validation";
import { translationsSchema } from "../billing/translations";

const MAX_RECIPIENTS = 10_000_000;
const MAX_PRICE_RUB = 10_000_000;
const NAME_MAX = 100;

/** Roubles with at most two decimals (kopecks); stored as integer kopecks. */
const price = z
  .number({ error: "Укажите цену в рублях" })
  .min(0, "Цена не может быть отрицательной")
  .max(MAX_PRICE_RUB, `Цена — не больше ${MAX_PRICE_RUB.toLocaleString("ru-RU")} ₽`)
  .refine((x) => Math.abs(x * 100 - Math.round(x * 100)) < 1e-6, "Цена — не больше двух знаков после запятой (копейки)");

export const packageCreateSchema = z.object({
  name: z.string({ error: "Введите название пакета" }).trim().min(1, "Введите название пакета").max(NAME_MAX, "Название — не длиннее 100 символов"),
  /** The name in en, fr, ar (no default: a PATCH without it keeps the stored ones). */
  translations: translationsSchema({ name: NAME_MAX }).optional(),
  recipients: z
    .number({ error: "Укажите число получателей" })
    .int("Число получателей — целое число")
    .min(1, "Число получателей — не меньше 1")
    .max(MAX_RECIPIENTS, `Число получателей — не больше ${MAX_RECIPIENTS.toLocaleString("ru-RU")}`),
  price,
  validityDays: z
    .number({ error: "Укажите срок действия в днях" })
    .int("Срок действия — целое число дней")
    .min(1, "Срок действия — не меньше 1 дня")
    .max(3650, "Срок действия — не больше 3650 дней (10 лет)"),
  active: z.boolean({ error: "Укажите, активен ли пакет" }).default(true),
});

/**
 * A PATCH: every field optional, none defaulted. zod 4's `.partial()` keeps `.default()`s, so a PATCH
 * without `active` would have switched the package on: `active` loses its default here.
 */
export const packageUpdateSchema = packageCreateSchema
  .extend({ active: packageCreateSchema.shape.active.removeDefault() })
  .partial()
  .refine((x) => Object.keys(x).length > 0, "Нет изменений для сохранения");

export const packageListQuery = pageQuery(20, 100).extend({
  status: z.enum(["all", "current", "archived"]).default("current"),
});

export const grantSchema = z.object({
  packageId: z.string({ error: "Выберите пакет" }).trim().min(1, "Выберите пакет").max(64),
});

export const packageParam = z.object({ packageId: z.string().min(1).max(64) });

export type PackageInput = z.output<typeof packageCreateSchema>;
