import { z } from "zod";
import { LEDGER_TYPES, PAYMENT_PURPOSES, PAYMENT_STATUSES } from "../../db/schema/billing";
import { email, pageQuery, shortText } from "../../lib/validation";
import { CAPS, CONSUMABLES } from "./units";
import { innProblem } from "./requisites";
import { translationsSchema } from "./translations";

/** "100 000 000" for messages: the limits are said in roubles, as the editors take them. */
const rub = (kopecks: number) => (kopecks / 100).toLocaleString("ru-RU").replace(/\u00a0/g, " ");
const kopecks = (max = 100_000_000_00) =>
  z
    .number("Укажите сумму числом")
    .int("Сумма — не больше двух знаков после запятой (копейки)")
    .min(0, "Сумма не может быть отрицательной")
    .max(max, `Не больше ${rub(max)} ₽`);
const count = () => z.number("Укажите число").int("Только целое число").min(0, "Не меньше 0").max(1_000_000_000, "Не больше 1 000 000 000");

const includedSchema = z.object(Object.fromEntries([...CONSUMABLES, ...CAPS].map((u) => [u, count()])) as Record<(typeof CONSUMABLES)[number] | (typeof CAPS)[number], ReturnType<typeof count>>);
const overageSchema = z.object(Object.fromEntries(CONSUMABLES.map((u) => [u, kopecks(1_000_000)])) as Record<(typeof CONSUMABLES)[number], ReturnType<typeof kopecks>>);

const PLAN_NAME_MAX = 60;
const PLAN_DESCRIPTION_MAX = 300;

/** A plan's fields as a PATCH takes them: no defaults (an omitted field keeps what is stored). */
const planFields = {
  code: z
    .string("Укажите код")
    .trim()
    .min(2, "Код — от 2 до 32 символов")
    .max(32, "Код — от 2 до 32 символов")
    .regex(/^[a-z0-9-]+$/, "Только строчные латинские буквы, цифры и дефис"),
  name: z.string("Укажите название").trim().min(1, "Укажите название").max(PLAN_NAME_MAX, `Название — не длиннее ${PLAN_NAME_MAX} символов`),
  description: z.string("Описание — текст").trim().max(PLAN_DESCRIPTION_MAX, `Описание — не длиннее ${PLAN_DESCRIPTION_MAX} символов`),
  /** Name and description in en, fr, ar (no default: a PATCH without it keeps the stored ones). */
  translations: translationsSchema({ name: PLAN_NAME_MAX, description: PLAN_DESCRIPTION_MAX }).optional(),
  monthlyPriceKopecks: kopecks(),
  yearlyPriceKopecks: kopecks(),
  included: includedSchema,
  overage: overageSchema,
  active: z.boolean("В продаже — да или нет"),
  sortOrder: z.number("Укажите порядок числом").int("Порядок — целое число").min(0, "Порядок — не меньше 0").max(1000, "Порядок — не больше 1000"),
};

export const planCreateSchema = z.object({
  ...planFields,
  description: planFields.description.default(""),
  active: planFields.active.default(true),
  sortOrder: planFields.sortOrder.default(0),
});
export type PlanInput = z.infer<typeof planCreateSchema>;
/**
 * A PATCH: every field optional and none defaulted. (zod 4's `.partial()` keeps the create schema's
 * `.default()`s, so a PATCH without `description` would have reset it to "": built from the
 * default-free fields instead.)
 */
export const planUpdateSchema = z.object(planFields).partial().extend({ included: includedSchema.partial().optional(), overage: overageSchema.partial().optional() });
export const planParam = z.object({ planId: z.string().min(1).max(64) });
export const planListQuery = pageQuery(50).extend({ status: z.enum(["current", "archived", "all"]).default("current") });

const dateParam = z.iso.date("Дата в формате ГГГГ-ММ-ДД");
/** Days of the account's time zone: `from`–`to`, or the last `days` days up to today, or (neither) the current period. */
export const usageQuery = z
  .object({ from: dateParam.optional(), to: dateParam.optional(), days: z.coerce.number().int("Целое число дней").min(1, "Не меньше 1 дня").max(367, "Не больше 367 дней").optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "Начало периода позже конца", path: ["from"] });

const timeRange = {
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
};
export const ledgerQuery = pageQuery().extend({ type: z.enum(LEDGER_TYPES).optional(), ...timeRange });
export const paymentsQuery = pageQuery().extend({ status: z.enum(PAYMENT_STATUSES).optional(), purpose: z.enum(PAYMENT_PURPOSES).optional(), ...timeRange });
export const paymentParam = z.object({ accountId: z.string().min(1).max(64), paymentId: z.string().min(1).max(64) });
export const methodParam = z.object({ accountId: z.string().min(1).max(64), methodId: z.string().min(1).max(64) });

/** Where the provider sends the payer back: a path of this app (never another site). */
const returnPath = z
  .string()
  .max(300)
  .regex(/^\/(?!\/)[^\s\\]*$/, "Путь внутри приложения, начинается с /")
  .optional();

export const checkoutSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("plan"),
    planId: z.string().min(1).max(64),
    period: z.enum(["month", "year"]).default("month"),
    /** The balance pays first (the default); `false`: the card pays it all. */
    useBalance: z.boolean().optional(),
    email: email(),
    returnPath,
    requestKey: z.string().max(64).optional(),
  }),
  z.object({ kind: z.literal("topup"), amountKopecks: z.number().int().min(10_000, "Не меньше 100 ₽").max(100_000_000, "Не больше 1 000 000 ₽"), email: email(), returnPath, requestKey: z.string().max(64).optional() }),
  z.object({ kind: z.literal("package"), packageId: z.string().min(1).max(64), email: email(), returnPath, requestKey: z.string().max(64).optional() }),
]);
export type CheckoutInput = z.infer<typeof checkoutSchema>;

/** A plan and period to change to: GET quotes it, POST makes a change that needs no card payment. */
const planChangeBase = z.object({ planId: z.string("Выберите тариф").min(1, "Выберите тариф").max(64), period: z.enum(["month", "year"], "Период — месяц или год").default("month") });
/** POST: `useBalance` (default true) lets the balance pay first. */
export const planChangeSchema = planChangeBase.extend({ useBalance: z.boolean().optional() });
/** GET's query: `useBalance=false` quotes the card paying it all. */
export const planChangeQuery = planChangeBase.extend({ useBalance: z.enum(["true", "false"], "useBalance — true или false").optional().transform((v) => (v === undefined ? undefined : v === "true")) });

export const requisitesSchema = z.object({
  legalName: shortText(300),
  inn: z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const problem = innProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  kpp: z
    .string()
    .trim()
    .regex(/^\d{4}[\dA-Z]{2}\d{3}$/, "КПП — 9 символов: 4 цифры, 2 цифры или буквы, 3 цифры")
    .nullish()
    .or(z.literal("").transform(() => null)),
  address: shortText(500),
  email: email(),
});

export const autoTopupSchema = z
  .object({
    enabled: z.boolean(),
    thresholdKopecks: kopecks(100_000_000).optional(),
    amountKopecks: z.number().int().min(10_000, "Не меньше 100 ₽").max(100_000_000).optional(),
  })
  .refine((v) => !v.enabled || (v.thresholdKopecks !== undefined && v.amountKopecks !== undefined), { message: "Укажите порог и сумму пополнения", path: ["amountKopecks"] });

/** The reason an administrator gives for a money action: kept whole in the ledger and the audit log, so refused when too long. */
export const REASON_MAX = 500;
const reason = () => z.string("Укажите причину").trim().min(1, "Укажите причину").max(REASON_MAX, `Причина — не длиннее ${REASON_MAX} символов`);
const ADJUSTMENT_MAX = 100_000_000;

export const adjustmentSchema = z.object({
  amountKopecks: z
    .number("Укажите сумму числом")
    .int("Сумма — не больше двух знаков после запятой (копейки)")
    .min(-ADJUSTMENT_MAX, `Списание — не больше ${rub(ADJUSTMENT_MAX)} ₽ за раз`)
    .max(ADJUSTMENT_MAX, `Начисление — не больше ${rub(ADJUSTMENT_MAX)} ₽ за раз`)
    .refine((n) => n !== 0, "Сумма не может быть нулевой"),
  reason: reason(),
});

export const accountParam = z.object({ accountId: z.string().min(1).max(64) });
export const adminPaymentParam = z.object({ paymentId: z.string().min(1).max(64) });
export const refundSchema = z.object({
  amountKopecks: z
    .number("Укажите сумму числом")
    .int("Сумма — не больше двух знаков после запятой (копейки)")
    .min(1, "Сумма возврата — больше 0")
    .max(ADJUSTMENT_MAX, `Не больше ${rub(ADJUSTMENT_MAX)} ₽`)
    .optional(),
  reason: reason(),
});
