// @shared-with-spa: pure code the SPA imports at run time (one phone helper for both sides); no bindings, no server imports.
import { ParseError, parsePhoneNumberWithError, type PhoneNumber } from "libphonenumber-js";

/**
 * The phone input helper of SPEC §5, one module for the Worker (connect by phone code) and the SPA
 * (where a WhatsApp number is typed), so both give the same answer. Empty → "required";
 * every non-digit is stripped and a plus prepended, except that 11 digits starting with 8 typed
 * without a plus are a Russian number with its trunk prefix (8 916 123-45-67 is +7 916 123-45-67);
 * a number libphonenumber-js cannot parse or does not consider valid → "invalid", the message
 * quoting what was typed (not the cleaned number, which the user never wrote); anything thrown on
 * the way → "failed"; a valid number comes back in international format. The length limits are
 * the library's own (national number 2–17 digits, extension text up to 250 characters), checked
 * here explicitly so the rule does not silently change with the library.
 */
export const PHONE_MESSAGES = {
  required: "Требуется номер телефона",
  invalid: "Неверный формат телефона",
  failed: "Ошибка при вводе номера телефона",
} as const;

export const PHONE_LIMITS = { minNationalLength: 2, maxNationalLength: 17, maxExtensionLength: 250 } as const;

export type PhoneErrorCode = keyof typeof PHONE_MESSAGES;

export type PhoneResult =
  | { ok: true; international: string; e164: string; digits: string }
  | { ok: false; code: PhoneErrorCode; error: string; cleaned?: string };

type Parse = (text: string) => PhoneNumber;

export function checkPhone(input: string | null | undefined, parse: Parse = parsePhoneNumberWithError): PhoneResult {
  try {
    const raw = (input ?? "").trim();
    if (!raw) return { ok: false, code: "required", error: PHONE_MESSAGES.required };
    const digits = raw.replace(/\D/g, "");
    const cleaned = "+" + (isRussianTrunk(raw, digits) ? `7${digits.slice(1)}` : digits);
    const typed = asTyped(raw);
    const invalid = (): PhoneResult => ({ ok: false, code: "invalid", error: `${PHONE_MESSAGES.invalid}: ${typed}`, cleaned });
    if (cleaned === "+") return invalid();
    let phone: PhoneNumber;
    try {
      phone = parse(cleaned);
    } catch (e) {
      if (e instanceof ParseError) return invalid();
      throw e;
    }
    const national = String(phone.nationalNumber);
    if (national.length < PHONE_LIMITS.minNationalLength || national.length > PHONE_LIMITS.maxNationalLength) return invalid();
    if (phone.ext && phone.ext.length > PHONE_LIMITS.maxExtensionLength) return invalid();
    if (!phone.isValid()) return invalid();
    return { ok: true, international: phone.formatInternational(), e164: phone.number, digits: phone.number.replace(/\D/g, "") };
  } catch {
    return { ok: false, code: "failed", error: PHONE_MESSAGES.failed };
  }
}

/** 8 XXX XXX-XX-XX: eleven digits from an 8, no plus typed (a plus means the country code is written). */
function isRussianTrunk(raw: string, digits: string): boolean {
  return !raw.startsWith("+") && digits.length === 11 && digits.startsWith("8");
}

/** The input as the user typed it, for the message (spaces collapsed, a long paste shortened). */
function asTyped(raw: string): string {
  const s = raw.replace(/\s+/g, " ");
  return s.length > 40 ? `${s.slice(0, 39)}…` : s;
}

/** A form rule in the §5 style: true when valid, otherwise the error text. */
export function phoneRule(input: string | null | undefined): true | string {
  const r = checkPhone(input);
  return r.ok ? true : r.error;
}
