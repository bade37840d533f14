import i18next, { type TFunction } from "i18next";
import { beforeAll, describe, expect, it, vi } from "vitest";
import auth from "@/locales/ru/auth.json";
import { zodResolver } from "@/lib/form";
import type { loginSchema as LoginSchema } from "@/features/auth/schemas";

// The resolver's other arguments (context, field options) are not read by it.
const run = (resolver: ReturnType<typeof zodResolver>, values: Record<string, unknown>) => resolver(values, undefined, {} as never);

let t: TFunction;
beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: "ru", resources: { ru: { auth } }, defaultNS: "auth", interpolation: { escapeValue: false } });
  t = i18n.t;
});

describe("zodResolver with a schema loaded at the first validation (auth pages)", () => {
  it("does not load the schema until it validates, then loads it once; Russian messages, one per field", async () => {
    const load = vi.fn(() => import("@/features/auth/schemas").then((m) => m.loginSchema(t)));
    const resolver = zodResolver<ReturnType<typeof LoginSchema>>(load);
    expect(load).not.toHaveBeenCalled();

    const bad = await run(resolver, { email: "not-an-email", password: "" });
    expect(load).toHaveBeenCalledTimes(1);
    expect(bad.values).toEqual({});
    expect(bad.errors).toEqual({
      email: { type: "invalid_format", message: "Введите корректный e-mail, например name@company.ru" },
      password: { type: "too_small", message: "Введите пароль" },
    });

    const empty = await run(resolver, { email: "   ", password: "x" });
    expect(Object.keys(empty.errors)).toEqual(["email"]);
    expect(empty.errors.email?.message).toBe("Введите e-mail");

    const good = await run(resolver, { email: "  anna@example.com ", password: "secret" });
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({ email: "anna@example.com", password: "secret" });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("tries a failed download again at the next validation", async () => {
    const load = vi
      .fn<() => Promise<ReturnType<typeof LoginSchema>>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockImplementation(() => import("@/features/auth/schemas").then((m) => m.loginSchema(t)));
    const resolver = zodResolver(load);
    await expect(run(resolver, { email: "a@b.ru", password: "x" })).rejects.toThrow("Failed to fetch");
    const second = await run(resolver, { email: "a@b.ru", password: "" });
    expect(second.errors.password?.message).toBe("Введите пароль");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("registration: the confirmation must match and the terms must be accepted", async () => {
    const resolver = zodResolver(() => import("@/features/auth/schemas").then((m) => m.registerSchema(t)));
    const base = { name: "Анна", email: "anna@example.com", password: "password1", confirmPassword: "password1", terms: true };
    expect((await run(resolver, base)).errors).toEqual({});
    const differ = await run(resolver, { ...base, confirmPassword: "password2" });
    expect(differ.errors).toEqual({ confirmPassword: { type: "custom", message: "Пароли не совпадают" } });
    const terms = await run(resolver, { ...base, terms: false });
    expect(terms.errors.terms?.message).toBe("Чтобы продолжить, примите условия использования");
    const short = await run(resolver, { ...base, password: "short", confirmPassword: "short" });
    expect(short.errors.password?.message).toBe("Пароль должен содержать не менее 8 символов");
  });

  it("reset: the new password twice", async () => {
    const resolver = zodResolver(() => import("@/features/auth/schemas").then((m) => m.resetPasswordSchema(t)));
    expect((await run(resolver, { password: "password1", confirmPassword: "password1" })).errors).toEqual({});
    expect((await run(resolver, { password: "password1", confirmPassword: "other" })).errors.confirmPassword?.message).toBe("Пароли не совпадают");
  });

  it("an eager schema (the other pages' forms) still works", async () => {
    const { loginSchema } = await import("@/features/auth/schemas");
    const resolver = zodResolver(loginSchema(t));
    expect((await run(resolver, { email: "", password: "" })).errors.email?.message).toBe("Введите e-mail");
  });
});

describe("applyServerErrors on a page's form (settings, channels, profile)", () => {
  it("puts a field's message on the field and shows a message for a field the form does not have instead of dropping it", async () => {
    const { renderHook, act } = await import("@testing-library/react");
    const { useForm } = await import("react-hook-form");
    const { applyServerErrors } = await import("@/lib/form");
    const { ApiError } = await import("@/lib/api");
    const { clearNotifications, getNotifications } = await import("@/lib/notify");
    clearNotifications();
    const { result } = renderHook(() => useForm({ defaultValues: { name: "Салон", timezone: "Europe/Moscow" } }));
    const error = new ApiError(400, {
      error: "Bad Request",
      message: "Проверьте введённые данные — settings.inbox: Слишком длинно",
      details: { fields: { name: "Название — не длиннее 60 символов", "settings.inbox": "Слишком много правил" } },
    } as never);
    let applied = false;
    act(() => {
      applied = applyServerErrors(result.current, error);
    });
    expect(applied).toBe(true);
    expect(result.current.getFieldState("name").error?.message).toBe("Название — не длиннее 60 символов");
    expect(getNotifications().map((n) => n.message)).toEqual(["Слишком много правил"]);

    // A failure without field messages is left to the caller.
    clearNotifications();
    act(() => {
      applied = applyServerErrors(result.current, new ApiError(500, { error: "x", message: "Не удалось сохранить" } as never));
    });
    expect(applied).toBe(false);
    expect(getNotifications()).toEqual([]);
  });
});
