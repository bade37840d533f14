import { z } from "zod";
import { pageQuery } from "../../lib/validation";
import { FLOW_STATUSES, FLOW_TEMPLATES, type FlowGraphInput, flowGraphSchema, MAX_FLOW_NAME } from "./contract";

const id = z.string().trim().min(1).max(64);
const name = z.string({ error: "Введите название" }).trim().min(1, "Введите название").max(MAX_FLOW_NAME, `Не больше ${MAX_FLOW_NAME} символов`);

export const flowParam = z.object({ accountId: id, flowId: id });

export const listQuery = pageQuery(20, 100).extend({
  q: z.string().trim().max(200).optional(),
  status: z.enum(FLOW_STATUSES, { error: "Неизвестный статус" }).optional(),
});
export type FlowListQuery = z.output<typeof listQuery>;

export const flowCreate = z.object({
  name,
  template: z.enum(FLOW_TEMPLATES, { error: "Неизвестный шаблон" }).default("blank"),
});
export type FlowCreate = z.output<typeof flowCreate>;

/** Rename, and archive (`archived: true` stops it running) or bring back from the archive as a draft. */
export const flowUpdate = z
  .object({ name: name.optional(), archived: z.boolean({ error: "Ожидается да или нет" }).optional() })
  .refine((v) => v.name !== undefined || v.archived !== undefined, "Нет полей для изменения");
export type FlowUpdate = z.output<typeof flowUpdate>;

/** The whole draft and the revision it was based on (another tab's save makes it stale → 409). */
/** Steps and transitions are checked by the service (flowGraphSchema), so their errors carry `steps.<i>.…` paths. */
export const graphSave = z.object({
  steps: z.custom<FlowGraphInput["steps"]>(),
  transitions: z.custom<FlowGraphInput["transitions"]>(),
  revision: z.number({ error: "Нужна версия черновика" }).int().min(1),
});
export { flowGraphSchema };
