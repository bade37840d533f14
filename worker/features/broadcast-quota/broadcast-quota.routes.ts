import { Hono } from "hono";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppBindings } from "../../env";
import { v } from "../../lib/validation";
import { can } from "../../middleware/account-scope";
import { requireAuth, requirePlatformAdmin } from "../../middleware/session";
import * as s from "./broadcast-quota.schemas";
import * as svc from "./broadcast-quota.service";

const accountParam = z.object({ accountId: z.string().min(1).max(64) });

/** /api/admin/…: the platform's catalogue of broadcast packages and grants to accounts (platform administrators only). */
export const broadcastPackageAdminRoutes = new Hono<AppBindings>()
  .use(requireAuth, requirePlatformAdmin)
  .get("/broadcast-packages", v("query", s.packageListQuery), async (c) => c.json(await svc.listPackages(getDb(c.env.DB), c.req.valid("query")), 200))
  .post("/broadcast-packages", v("json", s.packageCreateSchema), async (c) => {
    const pkg = await svc.createPackage(getDb(c.env.DB), c.req.valid("json"));
    return c.json({ ...pkg, message: "Пакет создан" }, 201);
  })
  .patch("/broadcast-packages/:packageId", v("param", s.packageParam), v("json", s.packageUpdateSchema), async (c) => {
    const pkg = await svc.updatePackage(getDb(c.env.DB), c.req.valid("param").packageId, c.req.valid("json"));
    return c.json({ ...pkg, message: "Пакет сохранён" }, 200);
  })
  .post("/broadcast-packages/:packageId/archive", v("param", s.packageParam), async (c) => {
    const pkg = await svc.setArchived(getDb(c.env.DB), c.req.valid("param").packageId, true);
    return c.json({ ...pkg, message: "Пакет отправлен в архив" }, 200);
  })
  .post("/broadcast-packages/:packageId/unarchive", v("param", s.packageParam), async (c) => {
    const pkg = await svc.setArchived(getDb(c.env.DB), c.req.valid("param").packageId, false);
    return c.json({ ...pkg, message: "Пакет возвращён из архива" }, 200);
  })
  .delete("/broadcast-packages/:packageId", v("param", s.packageParam), async (c) => {
    await svc.deletePackage(getDb(c.env.DB), c.req.valid("param").packageId);
    return c.json({ message: "Пакет удалён" }, 200);
  })
  .get("/accounts/:accountId/broadcast-packages", v("param", accountParam), async (c) => c.json(await svc.getQuota(getDb(c.env.DB), c.req.valid("param").accountId), 200))
  .post("/accounts/:accountId/broadcast-packages", v("param", accountParam), v("json", s.grantSchema), async (c) => {
    const grant = await svc.grantPackage(getDb(c.env.DB), {
      accountId: c.req.valid("param").accountId,
      packageId: c.req.valid("json").packageId,
      source: "admin",
      grantedBy: c.get("auth").user.id,
    });
    return c.json({ ...grant, message: `Пакет «${grant.packageName}» выдан аккаунту` }, 201);
  });

/** /api/accounts/:accountId/broadcast-quota: every member (operators included) may see what is left. */
export const broadcastQuotaRoutes = new Hono<AppBindings>().get("/:accountId/broadcast-quota", can("read", "Broadcast"), async (c) =>
  c.json(await svc.getQuota(getDb(c.env.DB), c.get("member").accountId), 200),
);
