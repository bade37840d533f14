import { z } from "zod";
import { LEDGER_TYPES, PAYMENT_PURPOSES, PAYMENT_STATUSES } from "../../db/schema/billing";
import { email, pageQuery, shortText } from "../../lib/validation";
import { CAPS, CONSUMABLES } from "./units";
import { innProblem } from "./requisites";
import { translationsSchema } from "./translations";

const kopecks = (max = 100_000_000_00) => z.number().int("Сумма в копейках — целое число").min(0).max(max);
const count = () => z.number().int().min(0).max(1_000_000_000);

const includedSchema = z.object(Object.fromEntries([...CONSUMABLES, ...CAPS].map((u) => [u, count()])) as Record<(typeof CONSUMABLES)[number] | (typeof CAPS)[number], ReturnType<typeof count>>);
const overageSchema = z.object(Object.fromEntries(CONSUMABLES.map((u) => [u, kopecks(1_000_000)])) as Record<(typeof CONSUMABLES)[number], ReturnType<typeof kopecks>>);

const PLAN_NAME_MAX = 60;
const PLAN_DESCRIPTION_MAX = 300;

export const planCreateSchema = z.object({
  code: z.string().trim().min(2).max(32).regex(/^[a-z0-9-]+$/, "Только строчные латинские буквы, цифры и дефис"),
  name: shortText(PLAN_NAME_MAX),
  description: z.string().trim().max(PLAN_DESCRIPTION_MAX).default(""),
  /** Name and description in en, fr, ar (no default: a PATCH without it keeps the stored ones). */
  translations: translationsSchema({ name: PLAN_NAME_MAX, description: PLAN_DESCRIPTION_MAX }).optional(),
  monthlyPriceKopecks: kopecks(),
  yearlyPriceKopecks: kopecks(),
  included: includedSchema,
  overage: overageSchema,
  active: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(1000).default(0),
});
export type PlanInput = z.infer<typeof planCreateSchema>;
export const planUpdateSchema = planCreateSchema.partial().extend({ included: includedSchema.partial().optional(), overage: overageSchema.partial().optional() });
export const planParam = z.object({ planId: z.string().min(1).max(64) });
export const planListQuery = pageQuery(50).extend({ status: z.enum(["current", "archived", "all"]).default("current") });

const dateParam = z.iso.date("Дата в формате ГГГГ-ММ-ДД");
export const usageQuery = z.object({ from: dateParam.optional(), to: dateParam.optional() }).refine((q) => !q.from || !q.to || q.from <= q.to, { message: "Начало периода позже конца", path: ["from"] });

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
  z.object({ kind: z.literal("plan"), planId: z.string().min(1).max(64), period: z.enum(["month", "year"]).default("month"), email: email(), returnPath, requestKey: z.string().max(64).optional() }),
  z.object({ kind: z.literal("topup"), amountKopecks: z.number().int().min(10_000, "Не меньше 100 ₽").max(100_000_000, "Не больше 1 000 000 ₽"), email: email(), returnPath, requestKey: z.string().max(64).optional() }),
  z.object({ kind: z.literal("package"), packageId: z.string().min(1).max(64), email: email(), returnPath, requestKey: z.string().max(64).optional() }),
]);
export type CheckoutInput = z.infer<typeof checkoutSchema>;

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

export const adjustmentSchema = z.object({
  amountKopecks: z
    .number()
    .int("Сумма в копейках — целое число")
    .min(-100_000_000)
    .max(100_000_000)
    .refine((n) => n !== 0, "Сумма не может быть нулевой"),
  reason: shortText(500),
});

export const accountParam = z.object({ accountId: z.string().min(1).max(64) });
export const adminPaymentParam = z.object({ paymentId: z.string().min(1).max(64) });
export const refundSchema = z.object({ amountKopecks: z.number().int("Сумма в копейках — целое число").min(1).max(100_000_000).optional(), reason: shortText(500) });
