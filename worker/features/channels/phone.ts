import { ParseError, parsePhoneNumberWithError } from "libphonenumber-js";

/**
 * The phone helper of SPEC §5, shared by the connect-by-phone-code route and the page: empty → an
 * error, non-digits stripped and a plus prepended, parsed with libphonenumber-js (its limits: national
 * number 2–17 digits, extension text up to 250 characters), returned in international format.
 */
export const PHONE_MESSAGES = {
  required: "Требуется номер телефона",
  invalid: "Неверный формат телефона",
  failed: "Ошибка при вводе номера телефона",
} as const;

export type PhoneCheck = { ok: true; international: string; e164: string; digits: string } | { ok: false; error: string };

export function checkPhone(input: string | null | undefined): PhoneCheck {
  try {
    const raw = (input ?? "").trim();
    if (!raw) return { ok: false, error: PHONE_MESSAGES.required };
    const cleaned = "+" + raw.replace(/\D/g, "");
    if (cleaned === "+") return { ok: false, error: `${PHONE_MESSAGES.invalid}: ${cleaned}` };
    let phone;
    try {
      phone = parsePhoneNumberWithError(cleaned);
    } catch (e) {
      if (e instanceof ParseError) return { ok: false, error: `${PHONE_MESSAGES.invalid}: ${cleaned}` };
      throw e;
    }
    if (!phone.isValid()) return { ok: false, error: `${PHONE_MESSAGES.invalid}: ${cleaned}` };
    return { ok: true, international: phone.formatInternational(), e164: phone.number, digits: phone.number.replace(/\D/g, "") };
  } catch {
    return { ok: false, error: PHONE_MESSAGES.failed };
  }
}
