import type { TFunction } from "i18next";
import { z } from "zod";
import { parseRub } from "@/features/billing-account/money";
import { formatNumber, formatRub } from "@/lib/i18n";

/**
 * The administrators' money and count fields, typed as text: each refusal says what is actually
 * wrong ("Не меньше 0" for -200, not "укажите сумму… например -200"), and the limits the API has are
 * checked here first, in roubles (the API's own are in kopecks).
 */
type T = TFunction<"billing">;

const MINUS = /^[-\u2212\u2013]\s*/;
const issue = (ctx: z.RefinementCtx, message: string) => ctx.addIssue({ code: "custom", message });

/** "-120,50" → -12050, "1 500" → 150000; null when it is not a sum. */
export function signedKopecks(text: string): number | null {
  const trimmed = text.trim();
  if (!MINUS.test(trimmed)) return parseRub(trimmed);
  const k = parseRub(trimmed.replace(MINUS, ""));
  return k === null ? null : -k;
}

/**
 * A sum in roubles: required unless `optional`; negative only when `signed`; not zero when
 * `nonZero`; at most `max` kopecks either way.
 */
export function rubField(t: T, { max, signed = false, optional = false, nonZero = false }: { max: number; signed?: boolean; optional?: boolean; nonZero?: boolean }) {
  return z.string().superRefine((value, ctx) => {
    const text = value.trim();
    if (!text) {
      if (!optional) issue(ctx, t("admin.errors.amountRequired"));
      return;
    }
    const k = signedKopecks(text);
    if (k === null) return issue(ctx, t(signed ? "admin.errors.amountSignedFormat" : "admin.errors.amountFormat"));
    if (k < 0 && !signed) return issue(ctx, t(nonZero ? "admin.errors.positive" : "admin.errors.notNegative"));
    if (k === 0 && nonZero) return issue(ctx, t("admin.errors.zero"));
    if (Math.abs(k) > max) issue(ctx, t("admin.errors.amountMax", { max: formatRub(max) }));
  });
}

/** A whole number from 0 to `max`. */
export function countField(t: T, max: number) {
  return z.string().superRefine((value, ctx) => {
    const text = value.trim();
    if (!text) return issue(ctx, t("admin.errors.countRequired"));
    if (MINUS.test(text) && /^\d+$/.test(text.replace(MINUS, ""))) return issue(ctx, t("admin.errors.notNegative"));
    if (!/^\d+$/.test(text)) return issue(ctx, t("admin.errors.count"));
    if (Number(text) > max) issue(ctx, t("admin.errors.countMax", { max: formatNumber(max) }));
  });
}
