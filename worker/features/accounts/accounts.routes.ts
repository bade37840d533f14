import { Hono } from "hono";
import { z } from "zod";
import type { AppBindings } from "../../env";
import { pageQuery, v } from "../../lib/validation";
import { can } from "../../middleware/account-scope";
import { WEBHOOK_EVENT_TYPES } from "../outgoing-webhooks/catalogue";
import * as s from "./accounts.schemas";
import * as svc from "./accounts.service";

/** Mounted at /api/accounts; app.ts puts requireAuth on /accounts/* and accountScope on /accounts/:accountId/*. */
export const accountRoutes = new Hono<AppBindings>()
  .post("/", v("json", s.accountBodySchema), async (c) => {
    const tz = c.req.header("x-timezone");
    const account = await svc.createAccount(c.env, c.get("auth").user.id, c.req.valid("json"), tz && s.accountBodySchema.shape.timezone.safeParse(tz).success ? tz : undefined);
    return c.json({ ...account, message: "Аккаунт создан" }, 201);
  })
  .get("/", v("query", pageQuery().extend({ q: z.string().trim().max(100).optional() })), async (c) => {
    return c.json(await svc.listAccounts(c.env, c.get("auth").user.id, c.req.valid("query")), 200);
  })
  .get("/:accountId", can("read", "Account"), async (c) => {
    const m = c.get("member");
    return c.json(await svc.getAccount(c.env, m.accountId, m.role), 200);
  })
  .put("/:accountId", can("update", "Account"), v("json", s.accountUpdateSchema), async (c) => {
    const m = c.get("member");
    const account = await svc.updateAccount(c.env, m.accountId, m.role, c.req.valid("json"));
    return c.json({ ...account, message: "Данные аккаунта обновлены" }, 200);
  })
  .delete("/:accountId", can("delete", "Account"), async (c) => {
    await svc.deleteAccount(c.env, c.get("member").accountId);
    return c.json({ message: "Аккаунт удалён" }, 200);
  })
  .post("/:accountId/skip-wizard-step", can("update", "Account"), v("json", s.skipWizardStepSchema), async (c) => {
    const m = c.get("member");
    return c.json(await svc.skipWizardStep(c.env, m.accountId, m.role, c.req.valid("json").step), 200);
  })
  .put("/:accountId/wizard", can("update", "Account"), v("json", s.wizardProgressSchema), async (c) => {
    const m = c.get("member");
    return c.json(await svc.setWizardPage(c.env, m.accountId, m.role, c.req.valid("json").at), 200);
  })
  .get("/:accountId/settings", can("read", "AccountSettings"), async (c) => {
    return c.json(await svc.getSettings(c.env, c.get("member").accountId), 200);
  })
  .put("/:accountId/settings", can("update", "AccountSettings"), v("json", s.settingsUpdateSchema), async (c) => {
    const settings = await svc.updateSettings(c.env, c.get("member").accountId, c.req.valid("json"));
    return c.json({ ...settings, message: "Настройки аккаунта успешно обновлены" }, 200);
  })
  .put("/:accountId/settings/downtime", can("update", "AccountSettings"), v("json", s.downtimeSchema), async (c) => {
    const downtime = await svc.updateDowntime(c.env, c.get("member").accountId, c.req.valid("json"));
    return c.json({ downtime, message: "Расписание простоя ассистентов успешно обновлено" }, 200);
  })
  .get("/:accountId/webhook/event-types", can("read", "AccountSettings"), (c) => {
    return c.json({ data: WEBHOOK_EVENT_TYPES }, 200);
  });
