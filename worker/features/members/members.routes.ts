import { Hono } from "hono";
import type { AppBindings } from "../../env";
import { v } from "../../lib/validation";
import { can } from "../../middleware/account-scope";
import { requireAuth } from "../../middleware/session";
import * as s from "./members.schemas";
import * as svc from "./members.service";

/** Mounted at /api/accounts (auth and account scope come from app.ts). */
export const memberRoutes = new Hono<AppBindings>()
  .get("/:accountId/members", can("read", "Member"), async (c) => {
    const m = c.get("member");
    const [data, invitations] = await Promise.all([
      svc.listMembers(c.env, m.accountId),
      m.ability.can("manage", "Member") ? svc.listInvitations(c.env, m.accountId) : Promise.resolve([]),
    ]);
    return c.json({ data, invitations }, 200);
  })
  .post("/:accountId/members/invitations", can("create", "Member"), v("json", s.inviteSchema), async (c) => {
    const m = c.get("member");
    const { user } = c.get("auth");
    const inv = await svc.invite(c.env, m.accountId, { id: user.id, name: user.name, role: m.role }, c.req.valid("json"), c.req.url);
    return c.json({ ...inv, message: "Приглашение отправлено" }, 201);
  })
  .get("/:accountId/members/invitations", can("manage", "Member"), async (c) => {
    return c.json({ data: await svc.listInvitations(c.env, c.get("member").accountId) }, 200);
  })
  .delete("/:accountId/members/invitations/:invitationId", can("delete", "Member"), async (c) => {
    await svc.revokeInvitation(c.env, c.get("member").accountId, c.req.param("invitationId"));
    return c.json({ message: "Приглашение отозвано" }, 200);
  })
  .patch("/:accountId/members/:userId", can("update", "Member"), v("json", s.changeRoleSchema), async (c) => {
    const m = c.get("member");
    const r = await svc.changeRole(c.env, m.accountId, m.role, c.req.param("userId"), c.req.valid("json").role);
    return c.json({ ...r, message: "Роль изменена" }, 200);
  })
  .delete("/:accountId/members/:userId", can("delete", "Member"), async (c) => {
    const m = c.get("member");
    await svc.removeMember(c.env, m.accountId, { id: c.get("auth").user.id, role: m.role }, c.req.param("userId"));
    return c.json({ message: "Участник удалён из аккаунта" }, 200);
  })
  .post("/:accountId/leave", can("read", "Account"), async (c) => {
    await svc.leave(c.env, c.get("member").accountId, c.get("auth").user.id);
    return c.json({ message: "Вы покинули аккаунт" }, 200);
  });

/** Mounted at /api/invitations: describing an invitation is public (the link is the secret). */
export const invitationRoutes = new Hono<AppBindings>()
  .get("/:token", async (c) => c.json(await svc.describeInvitation(c.env, c.req.param("token")), 200))
  .post("/accept", requireAuth, v("json", s.acceptSchema), async (c) => {
    const r = await svc.acceptInvitation(c.env, c.get("auth").user, c.req.valid("json").token);
    return c.json({ ...r, message: `Вы присоединились к аккаунту «${r.accountName}»` }, 200);
  });
