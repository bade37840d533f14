import { z } from "zod";
import { LEGAL_FORMS, PARTNER_APPLICATION_STATUSES, PAYOUT_METHODS, PAYOUT_STATUSES } from "../../db/schema/partners";
import { checkPhone } from "../../lib/phone";
import { email, pageQuery } from "../../lib/validation";
import { innProblem } from "../billing/requisites";

export const CODE_RE = /^[A-Za-z0-9_-]{1,64}$/;
export const partnerCode = () => z.string().trim().regex(CODE_RE, "Код партнёра: латиница, цифры, _ и -, до 64 символов");
const text = (max: number, required: string) => z.string().trim().min(1, required).max(max, `Не больше ${max} символов`);

/** Luhn's check of a card number. */
export function luhnOk(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

const SELF_EMPLOYED_INN = "У самозанятого ИНН физического лица — 12 цифр; 10 цифр — ИНН организации";

const digitsOnly = (s: string | undefined) => (s ?? "").replace(/[\s-]/g, "");

export const applicationSchema = z
  .object({
    name: text(100, "Введите имя"),
    company: z.string().trim().max(200, "Не больше 200 символов").optional(),
    phone: z.string().trim().max(40, "Неверный формат телефона"),
    email: email(),
    website: text(300, "Укажите сайт или канал"),
    audience: text(1000, "Расскажите об аудитории"),
    expectedVolume: text(200, "Укажите ожидаемый объём"),
    payoutMethod: z.enum(PAYOUT_METHODS, "Выберите способ выплаты"),
    legalForm: z.enum(LEGAL_FORMS, "Выберите форму: самозанятый или компания"),
    inn: z.string().trim().max(12, "ИНН — 10 или 12 цифр").optional(),
    bankAccount: z.string().trim().max(30).optional(),
    bik: z.string().trim().max(12).optional(),
    cardNumber: z.string().trim().max(25).optional(),
    agreed: z.literal(true, "Нужно принять условия партнёрской программы"),
  })
  .superRefine((v, ctx) => {
    // A self-employed person pays tax as an individual: theirs is a person's INN, 12 digits.
    const selfEmployedInn = (inn: string) => (v.legalForm === "self_employed" && /^\d{10}$/.test(inn) ? SELF_EMPLOYED_INN : null);
    const phone = checkPhone(v.phone);
    if (!phone.ok) ctx.addIssue({ code: "custom", path: ["phone"], message: phone.error });
    if (v.payoutMethod === "bank") {
      const problem = v.inn ? (selfEmployedInn(v.inn) ?? innProblem(v.inn)) : "Укажите ИНН";
      if (problem) ctx.addIssue({ code: "custom", path: ["inn"], message: problem });
      if (!/^\d{20}$/.test(digitsOnly(v.bankAccount))) ctx.addIssue({ code: "custom", path: ["bankAccount"], message: "Расчётный счёт — 20 цифр" });
      if (!/^\d{9}$/.test(digitsOnly(v.bik))) ctx.addIssue({ code: "custom", path: ["bik"], message: "БИК — 9 цифр" });
    } else {
      const card = digitsOnly(v.cardNumber);
      if (!/^\d{13,19}$/.test(card) || !luhnOk(card)) ctx.addIssue({ code: "custom", path: ["cardNumber"], message: "Проверьте номер карты" });
      if (v.inn) {
        const problem = selfEmployedInn(v.inn) ?? innProblem(v.inn);
        if (problem) ctx.addIssue({ code: "custom", path: ["inn"], message: problem });
      }
    }
  })
  .transform((v) => ({
    ...v,
    phone: (checkPhone(v.phone) as { international: string }).international,
    company: v.company || null,
    inn: v.inn || null,
    bankAccount: v.payoutMethod === "bank" ? digitsOnly(v.bankAccount) : null,
    bik: v.payoutMethod === "bank" ? digitsOnly(v.bik) : null,
    cardLast4: v.payoutMethod === "card" ? digitsOnly(v.cardNumber).slice(-4) : null,
  }));
export type ApplicationInput = z.output<typeof applicationSchema>;

export const codeCreateSchema = z.object({ code: partnerCode(), label: z.string().trim().max(100, "Не больше 100 символов").optional() });
export const codeUpdateSchema = z
  .object({ label: z.string().trim().max(100, "Не больше 100 символов").nullable().optional(), active: z.boolean().optional() })
  .refine((v) => Object.keys(v).length > 0, "Нет полей для изменения");

const month = () => z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Месяц в виде ГГГГ-ММ");
export const statsQuery = z.object({ from: month().optional(), to: month().optional(), codeId: z.string().max(64).optional() });
export const listQuery = pageQuery();
export const payoutRequestSchema = z.object({ amountKopecks: z.number().int("Сумма в копейках — целое число").positive("Сумма должна быть больше нуля").max(1_000_000_000).optional() });

export const adminApplicationsQuery = pageQuery().extend({ status: z.enum(PARTNER_APPLICATION_STATUSES).optional(), q: z.string().trim().max(100).optional() });
/** A commission rate, in per cent: one sentence for every way it can be wrong (not a number, out of range). */
const RATE = "Ставка — число от 0,01 до 100 %";
const ratePercent = () => z.number(RATE).min(0.01, RATE).max(100, RATE);
/** Without `ratePercent` the programme's default rate applies (the admin page always sends the one the administrator confirmed). */
export const approveSchema = z.object({ ratePercent: ratePercent().optional() });
export const reasonSchema = z.object({ reason: text(500, "Укажите причину") });
export const partnerUpdateSchema = z
  .object({ ratePercent: ratePercent().optional(), status: z.enum(["active", "deactivated"], "Статус: active или deactivated").optional(), reason: z.string().trim().max(500, "Не больше 500 символов").optional() })
  .refine((v) => v.ratePercent !== undefined || v.status !== undefined, "Нет полей для изменения");
export const adminPartnersQuery = pageQuery().extend({ q: z.string().trim().max(100).optional() });
export const attributionsQuery = pageQuery().extend({ partnerId: z.string().max(64).optional(), q: z.string().trim().max(100).optional() });
export const attributionSetSchema = z.object({ partnerId: z.string().max(64).nullable(), reason: text(500, "Укажите причину") });
export const payoutsQuery = pageQuery().extend({ status: z.enum(PAYOUT_STATUSES).optional() });
export const paidSchema = z.object({ reference: text(200, "Укажите номер платёжного поручения") });
