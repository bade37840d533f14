import { Hono } from "hono";
import type { AppBindings } from "../../env";
import { clientIp } from "../../lib/rate-limit";
import { v } from "../../lib/validation";
import { requireAuth } from "../../middleware/session";
import * as s from "./auth.schemas";
import * as auth from "./auth.service";
import { attributeRegistration } from "../partners/tracking";

const meta = (req: Request) => ({ userAgent: req.headers.get("user-agent") ?? undefined, ip: clientIp(req.headers), origin: req.url });

export const authRoutes = new Hono<AppBindings>()
  .post("/register", v("json", s.registerSchema), async (c) => {
    const result = await auth.register(c.env, c.req.valid("json"), meta(c.req.raw));
    // The partner programme: first touch within the window, or the code the browser kept.
    await attributeRegistration(c.env, result.user, c.req.valid("json").partnerCode, c.req.raw.headers);
    return c.json(result, 201);
  })
  .post("/login", v("json", s.loginSchema), async (c) => {
    const result = await auth.login(c.env, c.req.valid("json"), meta(c.req.raw));
    return c.json(result, 200);
  })
  .post("/verify-email", v("json", s.verifyEmailSchema), async (c) => {
    await auth.verifyEmail(c.env, c.req.valid("json").token);
    return c.json({ message: "E-mail подтверждён" }, 200);
  })
  .post("/forgot-password", v("json", s.forgotPasswordSchema), async (c) => {
    await auth.forgotPassword(c.env, c.req.valid("json").email, c.req.url);
    return c.json({ message: "Если такой адрес зарегистрирован, мы отправили на него письмо со ссылкой для сброса пароля" }, 200);
  })
  .post("/reset-password", v("json", s.resetPasswordSchema), async (c) => {
    const { token, password } = c.req.valid("json");
    await auth.resetPassword(c.env, token, password);
    return c.json({ message: "Пароль изменён. Войдите с новым паролем." }, 200);
  })
  .use(requireAuth)
  .get("/me", v("query", s.meQuerySchema), async (c) => {
    return c.json(await auth.me(c.env, c.get("auth").user, c.req.valid("query").accountId), 200);
  })
  .patch("/me", v("json", s.updateProfileSchema), async (c) => {
    return c.json({ user: await auth.updateProfile(c.env, c.get("auth").user, c.req.valid("json")) }, 200);
  })
  .post("/logout", async (c) => {
    await auth.logout(c.env, c.get("auth").sessionId);
    return c.json({ message: "Вы вышли из системы" }, 200);
  })
  .post("/resend-verification", async (c) => {
    await auth.resendVerification(c.env, c.get("auth").user, c.req.url);
    return c.json({ message: "Письмо для подтверждения отправлено" }, 200);
  })
  .post("/change-password", v("json", s.changePasswordSchema), async (c) => {
    const { user, sessionId } = c.get("auth");
    await auth.changePassword(c.env, user, sessionId, c.req.valid("json"));
    return c.json({ message: "Пароль изменён. Остальные сеансы завершены." }, 200);
  })
  .post("/change-email", v("json", s.changeEmailSchema), async (c) => {
    const user = await auth.changeEmail(c.env, c.get("auth").user, c.req.valid("json"), c.req.url);
    return c.json({ user, message: "E-mail изменён. Подтвердите новый адрес по ссылке из письма." }, 200);
  })
  .get("/sessions", async (c) => {
    const { user, sessionId } = c.get("auth");
    return c.json({ data: await auth.listSessions(c.env, user.id, sessionId) }, 200);
  })
  .delete("/sessions/:sessionId", async (c) => {
    await auth.revokeSession(c.env, c.get("auth").user.id, c.req.param("sessionId"));
    return c.json({ message: "Сеанс завершён" }, 200);
  })
  .post("/logout-others", async (c) => {
    const { user, sessionId } = c.get("auth");
    const count = await auth.revokeOtherSessions(c.env, user.id, sessionId);
    return c.json({ message: "Остальные сеансы завершены", count }, 200);
  });
