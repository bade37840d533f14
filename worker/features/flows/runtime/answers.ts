import { checkPhone } from "../../../lib/phone";
import { parseFieldValue } from "../../custom-fields/field-values";
import type { FieldValue, TurnContext } from "./types";

export type QuestionKind = "text" | "number" | "email" | "phone" | "date" | "choice";
export type Answer = { ok: true; value: FieldValue; optionId?: string } | { ok: false; error: string };

const DOTTED_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/** Checks a customer's answer to a question step by its kind (§5 messages for phones). */
export function checkAnswer(kind: QuestionKind, text: string, options: { id: string; label: string }[], buttonData: string | null | undefined, ctx: TurnContext): Answer {
  const raw = text.trim();
  switch (kind) {
    case "choice": {
      const opt = choiceOf(options, raw, buttonData);
      return opt ? { ok: true, value: opt.label, optionId: opt.id } : { ok: false, error: "Выберите один из вариантов" };
    }
    case "number": {
      const n = Number(raw.replace(/\s/g, "").replace(",", "."));
      return raw && Number.isFinite(n) ? { ok: true, value: n } : { ok: false, error: "Введите число" };
    }
    case "phone": {
      const p = checkPhone(raw);
      return p.ok ? { ok: true, value: p.international } : { ok: false, error: p.error };
    }
    case "email":
    case "date": {
      const m = kind === "date" ? DOTTED_DATE.exec(raw) : null;
      const input = m ? `${m[3]}-${m[2]!.padStart(2, "0")}-${m[1]!.padStart(2, "0")}` : raw;
      const parsed = parseFieldValue({ type: kind, options: [] }, input, ctx.timezone);
      if (!parsed) return { ok: false, error: kind === "date" ? "Введите дату, например 01.05.2026" : "Введите адрес электронной почты" };
      return parsed.ok ? { ok: true, value: parsed.stored.text } : { ok: false, error: parsed.error };
    }
    default:
      return raw ? { ok: true, value: raw.slice(0, 2000) } : { ok: false, error: "Напишите ответ текстом" };
  }
}

/** A choice by its button (callback data `fl:<id>`), its number in the list, or its label. */
export function choiceOf<T extends { id: string; label: string }>(options: T[], text: string, buttonData: string | null | undefined): T | undefined {
  if (buttonData?.startsWith("fl:")) {
    const hit = options.find((o) => `fl:${o.id}`.slice(0, 64) === buttonData);
    if (hit) return hit;
  }
  const t = text.trim();
  if (/^\d{1,2}$/.test(t)) {
    const o = options[Number(t) - 1];
    if (o) return o;
  }
  const low = t.toLocaleLowerCase("ru");
  return options.find((o) => o.label.trim().toLocaleLowerCase("ru") === low);
}

/** The value a custom field would store for this answer (typed validation of the field service), or its error. */
export function fieldValueFor(def: { type: string; options: string[] }, value: FieldValue, tz: string): { ok: true; value: FieldValue | null } | { ok: false; error: string } {
  const parsed = parseFieldValue({ type: def.type as never, options: def.options }, typeof value === "number" ? value : String(value), tz);
  if (!parsed) return { ok: true, value: null };
  return parsed.ok ? { ok: true, value: def.type === "number" ? Number(parsed.stored.num) : value } : { ok: false, error: parsed.error };
}
