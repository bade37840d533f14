import { z } from "zod";
import { ROLES } from "../../db/schema/accounts";
import { email } from "../../lib/validation";

export const role = () => z.enum(ROLES, { error: "Роль: owner, admin или operator" });
export const inviteSchema = z.object({ email: email(), role: role() });
export const changeRoleSchema = z.object({ role: role() });
export const acceptSchema = z.object({ token: z.string().trim().min(10).max(200) });
