import { describe, expect, it } from "vitest";
import { parsePhoneNumberWithError } from "libphonenumber-js";
import { checkPhone, PHONE_MESSAGES, phoneRule } from "@worker/lib/phone";

describe("phone helper (SPEC §5)", () => {
  it("asks for a number when the input is empty or blank", () => {
    expect(checkPhone("")).toEqual({ ok: false, code: "required", error: "Требуется номер телефона" });
    expect(checkPhone("   ")).toMatchObject({ code: "required" });
    expect(checkPhone(null)).toMatchObject({ code: "required" });
    expect(phoneRule(undefined)).toBe("Требуется номер телефона");
  });

  it("strips non-digits, prepends a plus and returns the international format", () => {
    const r = checkPhone("7 (999) 123-45-67");
    expect(r).toEqual({ ok: true, international: "+7 999 123 45 67", e164: "+79991234567", digits: "79991234567" });
    expect(checkPhone("+44 20 7946 0958")).toMatchObject({ ok: true, international: "+44 20 7946 0958", digits: "442079460958" });
    expect(checkPhone("1 (650) 253-0000")).toMatchObject({ ok: true, international: "+1 650 253 0000" });
    expect(phoneRule("+7 999 123 45 67")).toBe(true);
  });

  it("reports an invalid number quoting what was typed, with the cleaned number beside", () => {
    expect(checkPhone("12")).toEqual({ ok: false, code: "invalid", error: "Неверный формат телефона: 12", cleaned: "+12" });
    expect(checkPhone("+7 (999) 12")).toEqual({ ok: false, code: "invalid", error: "Неверный формат телефона: +7 (999) 12", cleaned: "+799912" });
    expect(checkPhone("abc")).toEqual({ ok: false, code: "invalid", error: "Неверный формат телефона: abc", cleaned: "+" });
    expect(checkPhone("8 (916) 12")).toMatchObject({ error: "Неверный формат телефона: 8 (916) 12" });
    expect(checkPhone("  8   916\t1 ")).toMatchObject({ error: "Неверный формат телефона: 8 916 1" });
    expect((checkPhone("9".repeat(60)) as { error: string }).error).toBe(`Неверный формат телефона: ${"9".repeat(39)}…`);
    // A national number longer than 17 digits.
    expect(checkPhone("7" + "9".repeat(20))).toMatchObject({ ok: false, code: "invalid" });
  });

  it("reads 11 digits from an 8 without a plus as a Russian number (+7), however it is punctuated", () => {
    for (const typed of ["8 (916) 123-45-67", "8-9161234567", "89161234567", "8 916 123 45 67", " 8(916)1234567 "]) {
      expect(checkPhone(typed), typed).toEqual({ ok: true, international: "+7 916 123 45 67", e164: "+79161234567", digits: "79161234567" });
    }
    expect(checkPhone("8 (910) 000-79-19")).toMatchObject({ ok: true, e164: "+79100007919" });
    expect(checkPhone("8 800 555-35-35")).toMatchObject({ ok: true, e164: "+78005553535" });
    expect(phoneRule("8 (916) 123-45-67")).toBe(true);
    // A plus means the country code is written: +8… is not rewritten (and is no valid number here).
    expect(checkPhone("+89161234567")).toMatchObject({ ok: false, code: "invalid", error: "Неверный формат телефона: +89161234567" });
    // Other lengths from an 8 keep their own country code (+81 Japan).
    expect(checkPhone("81 3 1234 5678 9")).not.toMatchObject({ e164: expect.stringMatching(/^\+7/) });
    expect(checkPhone("81 90 1234 5678")).toMatchObject({ ok: true, e164: "+819012345678" });
  });

  it("keeps the library's length limits: national number 2..17 digits, extension up to 250 characters", () => {
    const parsed = (nationalNumber: string, ext?: string) => () => ({ ...parsePhoneNumberWithError("+79991234567"), nationalNumber, ext, isValid: () => true, formatInternational: () => "+7 x", number: "+7" + nationalNumber }) as never;
    expect(checkPhone("+7 1", parsed("1"))).toMatchObject({ code: "invalid" });
    expect(checkPhone("+7 12", parsed("12"))).toMatchObject({ ok: true });
    expect(checkPhone("+7 ...", parsed("1".repeat(17)))).toMatchObject({ ok: true });
    expect(checkPhone("+7 ...", parsed("1".repeat(18)))).toMatchObject({ code: "invalid" });
    expect(checkPhone("+7 ...", parsed("9991234567", "1".repeat(250)))).toMatchObject({ ok: true });
    expect(checkPhone("+7 ...", parsed("9991234567", "1".repeat(251)))).toMatchObject({ code: "invalid" });
  });

  it("turns an unexpected exception into «Ошибка при вводе номера телефона»", () => {
    const boom = () => {
      throw new TypeError("boom");
    };
    expect(checkPhone("+79991234567", boom)).toEqual({ ok: false, code: "failed", error: PHONE_MESSAGES.failed });
    expect(PHONE_MESSAGES.failed).toBe("Ошибка при вводе номера телефона");
  });
});
