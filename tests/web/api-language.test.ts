import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, ApiError } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { sendTestMessage } from "@/features/test-chat/api";

/**
 * The server writes its error messages in the language of the request (worker/lib/error-i18n.ts):
 * every call of the SPA says which one, the interface's, as Accept-Language.
 */
type Call = { url: string; init: RequestInit };
let calls: Call[] = [];

const languageOf = (call: Call) => (call.init.headers as Record<string, string>)["Accept-Language"];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ statusCode: 404, error: "Not Found", message: "Field not found", code: "NOT_FOUND" }), {
        status: 404,
        headers: { "content-type": "application/json" },
      });
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage("ru");
});

describe("the interface language on API calls", () => {
  it("is Russian by default and follows a switch to English", async () => {
    await api.get("/plans", { silent: true }).catch(() => undefined);
    expect(languageOf(calls[0])).toBe("ru");

    await i18n.changeLanguage("en");
    const failure = await api.post("/accounts/a1/custom-fields", { key: "city" }, { silent: true }).catch((e: unknown) => e);
    expect(languageOf(calls[1])).toBe("en");
    // The server's message is shown as it came, in the language asked for.
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe("Field not found");

    await i18n.changeLanguage("ru");
    await api.download("/accounts/a1/contacts/export", { silent: true }).catch(() => undefined);
    expect(languageOf(calls[2])).toBe("ru");
  });

  it("is sent by the test chat's streaming call too (a plain fetch)", async () => {
    await i18n.changeLanguage("en");
    await expect(sendTestMessage("a1", { contactPlatformUserId: "u1", message: "Hi", clientMessageId: "m1" } as never, { onIncoming() {}, onDelta() {} })).rejects.toBeInstanceOf(ApiError);
    expect(calls[0].url).toContain("/new-message/stream");
    expect(languageOf(calls[0])).toBe("en");
  });

  it("may be overridden by a caller's own headers", async () => {
    await api.get("/plans", { silent: true, headers: { "Accept-Language": "en" } }).catch(() => undefined);
    expect(languageOf(calls[0])).toBe("en");
  });
});
