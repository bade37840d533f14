import { z } from "zod";

/** What a lead or deal is made of: contact fields (and custom fields as `custom:<key>`) → Bitrix24 field codes. */
export const CONTACT_SOURCES = ["name", "phone", "username", "platform", "about"] as const;

const fieldCode = z
  .string()
  .trim()
  .regex(/^[A-Z][A-Z0-9_]{1,63}$/, "Код поля Bitrix24 пишется заглавными латинскими буквами, например COMMENTS или UF_CRM_1700000000");

export const fieldMapItem = z.object({
  from: z.string().trim().min(1, "Выберите поле контакта").max(80).regex(/^(name|phone|username|platform|about|custom:[a-z0-9_]{1,64})$/, "Выберите поле контакта из списка"),
  to: fieldCode,
});

export const settingsSchema = z.object({
  entity: z.enum(["lead", "deal"], { message: "Выберите, что создавать: лид или сделку" }),
  triggers: z.object({
    firstMessage: z.boolean(),
    handoff: z.boolean(),
    flowAction: z.boolean(),
    assistantTool: z.boolean(),
  }),
  categoryId: z.string().trim().max(20).regex(/^\d*$/, "Выберите воронку из списка"),
  stageId: z.string().trim().max(50),
  sourceId: z.string().trim().max(50),
  responsibleId: z.string().trim().max(20).regex(/^\d*$/, "Выберите ответственного из списка"),
  fieldMap: z.array(fieldMapItem).max(30, "Не больше 30 соответствий полей"),
});
export type Bitrix24Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Bitrix24Settings = {
  entity: "lead",
  triggers: { firstMessage: true, handoff: true, flowAction: true, assistantTool: true },
  categoryId: "0",
  stageId: "",
  sourceId: "",
  responsibleId: "",
  fieldMap: [],
};

export const connectSchema = z.object({
  webhookUrl: z.string().trim().min(1, "Вставьте адрес входящего вебхука").max(500, "Адрес слишком длинный"),
});

export const oauthStartSchema = z.object({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "Укажите адрес портала")
    .max(200)
    .transform((s) => s.replace(/^https?:\/\//, "").replace(/\/.*$/, ""))
    .pipe(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}(:\d+)?$/, "Укажите адрес портала, например company.bitrix24.ru")),
});

export const listQuery = z.object({
  start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  q: z.string().trim().max(100).default(""),
});

export const logQuery = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

export const portalQuery = z.object({ memberId: z.string().trim().min(1).max(100) });
