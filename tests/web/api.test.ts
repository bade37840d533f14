import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, ApiError, configureApi } from "@/lib/api";
import { getCookie, setCookie } from "@/lib/cookies";
import { clearNotifications, getNotifications } from "@/lib/notify";
import { resetLoadingBar } from "@/lib/loading-bar";

type Call = { url: string; init: RequestInit };
let calls: Call[] = [];
let reply: (call: Call) => Response | Promise<Response>;

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

beforeEach(() => {
  calls = [];
  clearNotifications();
  resetLoadingBar();
  document.cookie.split(";").forEach((c) => {
    const name = c.split("=")[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { url, init };
      calls.push(call);
      return reply(call);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("API client requests", () => {
  it("prefixes /api, sends X-Timezone, the bearer token and a JSON body; parses JSON", async () => {
    setCookie("accessToken", "tok-123");
    reply = () => json(201, { id: "a1" });
    const out = await api.post<{ id: string }>("/accounts", { name: "Ромашка" }, { query: { page: 2, q: "", tags: ["a", "b"] } });
    expect(out).toEqual({ id: "a1" });
    expect(calls[0].url).toBe("/api/accounts?page=2&tags=a&tags=b");
    const headers = calls[0].init.headers as Record<string, string>;
    expect(headers.Authorization).toBe("Bearer tok-123");
    expect(headers["X-Timezone"]).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(headers["Content-Type"]).toBe("application/json");
    expect(calls[0].init.body).toBe(JSON.stringify({ name: "Ромашка" }));
    expect(calls[0].init.method).toBe("POST");
  });

  it("sends no Authorization header without a token", async () => {
    reply = () => new Response(null, { status: 204 });
    await expect(api.delete("/x")).resolves.toBeUndefined();
    expect((calls[0].init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it("download returns the blob with the file name from Content-Disposition", async () => {
    reply = () =>
      new Response("a;b\n1;2", { status: 200, headers: { "content-type": "text/csv", "content-disposition": "attachment; filename*=UTF-8''%D0%BA%D0%BE%D0%BD%D1%82%D0%B0%D0%BA%D1%82%D1%8B.csv" } });
    const blob = await api.download("/accounts/a1/contacts/export");
    expect(blob.fileName).toBe("контакты.csv");
    expect(await blob.text()).toBe("a;b\n1;2");
  });
});

describe("API client errors (SPEC §8)", () => {
  it("a failed response shows the body's message under a title in the user's language (never the reason phrase), then rethrows with the status", async () => {
    reply = () => json(409, { statusCode: 409, error: "Conflict", message: "Пользователь с таким e-mail уже зарегистрирован", code: "EMAIL_TAKEN" });
    const err = await api.post("/auth/register", {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(409);
    expect((err as ApiError).code).toBe("EMAIL_TAKEN");
    expect(getNotifications()).toMatchObject([{ type: "error", title: "Ошибка", message: "Пользователь с таким e-mail уже зарегистрирован", location: "top end" }]);
    expect(JSON.stringify(getNotifications())).not.toContain("Conflict");
  });

  it("falls back to Неизвестная ошибка / Ошибка when the body has neither", async () => {
    reply = () => new Response("<html>Bad gateway</html>", { status: 502, headers: { "content-type": "text/html" } });
    const err = (await api.get("/accounts").catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(502);
    expect(err.body).toMatchObject({ statusCode: 502, error: "Ошибка", message: "Неизвестная ошибка" });
    expect(getNotifications()).toMatchObject([{ title: "Ошибка", message: "Неизвестная ошибка", type: "error" }]);
  });

  it("an unknown status becomes 500", async () => {
    reply = () => ({ ok: false, status: 0, headers: new Headers(), text: async () => "" }) as unknown as Response;
    const err = (await api.get("/x").catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(500);
  });

  it("silent requests throw without a snackbar", async () => {
    reply = () => json(404, { statusCode: 404, error: "Not Found", message: "Не найдено" });
    await expect(api.get("/x", { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(getNotifications()).toEqual([]);
  });

  it("request-level errors (network) are only logged: no snackbar, the error propagates", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    reply = () => {
      throw new TypeError("Failed to fetch");
    };
    await expect(api.get("/x")).rejects.toThrow("Failed to fetch");
    expect(getNotifications()).toEqual([]);
    expect(log).toHaveBeenCalled();
  });

  it("exposes field errors of a 400 for the forms", async () => {
    reply = () =>
      json(400, { statusCode: 400, error: "Bad Request", message: "Проверьте введённые данные", code: "VALIDATION_ERROR", details: { fields: { email: "Некорректный e-mail", name: ["Слишком длинное имя", "второе"] } } });
    const err = (await api.post("/x", {}, { silent: true }).catch((e: unknown) => e)) as ApiError;
    expect(err.fieldErrors()).toEqual({ email: "Некорректный e-mail", name: "Слишком длинное имя" });
  });

  it("401 with a session: clears accessToken and user, snackbar top end tagged authError, redirect with redirect_url", async () => {
    const navigate = vi.fn();
    const onUnauthorized = vi.fn();
    configureApi({ navigate, onUnauthorized });
    window.history.pushState({}, "", "/acc-1/dashboard?tab=members#team");
    setCookie("accessToken", "expired");
    setCookie("user", JSON.stringify({ id: "u1" }));
    reply = () => json(401, { statusCode: 401, error: "Unauthorized", message: "Сеанс истёк. Войдите снова." });
    const err = (await api.get("/accounts").catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(401);
    expect(getCookie("accessToken")).toBeNull();
    expect(getCookie("user")).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(getNotifications()).toMatchObject([{ tag: "authError", location: "top end", type: "error", message: "Сеанс истёк. Войдите снова." }]);
    expect(navigate).toHaveBeenCalledWith(`/login?redirect_url=${encodeURIComponent("/acc-1/dashboard?tab=members#team")}`);
  });

  it("several 401s at once leave one snackbar", async () => {
    configureApi({ navigate: vi.fn(), onUnauthorized: vi.fn() });
    window.history.pushState({}, "", "/profile");
    setCookie("accessToken", "expired");
    reply = () => json(401, { statusCode: 401, error: "Unauthorized", message: "Требуется вход" });
    await Promise.allSettled([api.get("/a"), api.get("/b")]);
    expect(getNotifications()).toHaveLength(1);
  });

  it("401 without a session (a wrong password) is an ordinary error: no redirect", async () => {
    const navigate = vi.fn();
    configureApi({ navigate });
    window.history.pushState({}, "", "/login");
    reply = () => json(401, { statusCode: 401, error: "Unauthorized", message: "Неверный e-mail или пароль" });
    await expect(api.post("/auth/login", {})).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
    expect(getNotifications()).toMatchObject([{ message: "Неверный e-mail или пароль" }]);
    expect(getNotifications()[0].tag).toBeUndefined();
  });
});
