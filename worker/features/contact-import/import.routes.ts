import { Hono } from "hono";
import type { AppBindings } from "../../env";
import { AppError, badRequest } from "../../lib/errors";
import { fieldErrors, v } from "../../lib/validation";
import { can } from "../../middleware/account-scope";
import * as s from "./import.schemas";
import * as svc from "./import.service";

/**
 * Contact import (mounted at /api/accounts before the contacts' /:contactId routes). Importing
 * creates contacts, so every route needs `create Contact`: admins and owners, not operators.
 */
export const contactImportRoutes = new Hono<AppBindings>()
  .get("/:accountId/contacts/import", can("create", "Contact"), async (c) => {
    return c.json(await svc.listImports(c.env, c.get("member").accountId), 200);
  })
  .post("/:accountId/contacts/import", can("create", "Contact"), async (c) => {
    const { file, mapping } = await readUpload(c.req.raw);
    const job = await svc.startImport(c.env, c.get("member").accountId, c.get("auth").user.id, file, mapping);
    return c.json({ ...job, message: "Импорт начат" }, 202);
  })
  .get("/:accountId/contacts/import/:importId", can("create", "Contact"), v("param", s.importParam), async (c) => {
    return c.json(await svc.getImport(c.env, c.get("member").accountId, c.req.valid("param").importId), 200);
  })
  .get("/:accountId/contacts/import/:importId/report", can("create", "Contact"), v("param", s.importParam), async (c) => {
    return svc.importReport(c.env, c.get("member").accountId, c.req.valid("param").importId);
  });

/** multipart/form-data with `file` (CSV or XLSX) and `mapping` (JSON of the mapping). */
async function readUpload(req: Request) {
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    throw badRequest("Отправьте файл и сопоставление столбцов формой (multipart/form-data)", "MALFORMED_REQUEST");
  }
  const file = form.get("file");
  if (!file || typeof file === "string") throw new AppError(400, "VALIDATION_ERROR", "Выберите файл CSV или XLSX", { fields: { file: ["Выберите файл CSV или XLSX"] } });
  let json: unknown;
  try {
    json = JSON.parse(String(form.get("mapping") ?? ""));
  } catch {
    throw new AppError(400, "VALIDATION_ERROR", "Сопоставление столбцов не прочитано", { fields: { mapping: ["Сопоставление столбцов не прочитано"] } });
  }
  const parsed = s.mappingSchema.safeParse(json);
  if (!parsed.success) {
    const fields = Object.fromEntries(Object.entries(fieldErrors(parsed.error)).map(([k, m]) => [`mapping.${k}`, m]));
    throw new AppError(400, "VALIDATION_ERROR", `Проверьте сопоставление столбцов — ${Object.values(fields)[0]?.[0] ?? ""}`, { fields });
  }
  return { file, mapping: parsed.data };
}
