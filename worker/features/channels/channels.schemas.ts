import { z } from "zod";

const assistantId = z.string().trim().min(1).max(64).nullable().optional();

export const telegramConnectSchema = z.object({
  botToken: z.string().trim().min(1, "Укажите токен бота").max(200).optional(),
  assistantId,
});

export const toggleSchema = z.object({ enabled: z.boolean().optional() }).default({});

export const whatsappCreateSchema = z
  .object({
    idInstance: z
      .string()
      .trim()
      .regex(/^\d{4,20}$/, "idInstance — это число из кабинета Green API")
      .optional(),
    apiTokenInstance: z.string().trim().min(10, "Слишком короткий apiTokenInstance").max(200).optional(),
    apiUrl: z.url("Некорректный адрес API").max(200).optional(),
    assistantId,
  })
  .refine((x) => !!x.idInstance === !!x.apiTokenInstance, { message: "Укажите idInstance и apiTokenInstance вместе", path: ["apiTokenInstance"] })
  .default({});

export const phoneCodeSchema = z.object({ phoneNumber: z.string().max(300) });

export const whatsappSettingsSchema = z.object({ assistantId, enabled: z.boolean().optional() });

export const instanceSettingsSchema = z
  .object({
    delaySendMessagesMilliseconds: z.number().int().min(500).max(600_000).optional(),
    markIncomingMessagesReaded: z.enum(["yes", "no"]).optional(),
    markIncomingMessagesReadedOnReply: z.enum(["yes", "no"]).optional(),
    keepOnlineStatus: z.enum(["yes", "no"]).optional(),
  })
  .strict();
/** The gateway's settings we show and change (GET and PUT instance-settings answer them). */
export type InstanceSettings = z.output<typeof instanceSettingsSchema>;

export const instagramConnectSchema = z.object({
  instagramAccountId: z
    .string()
    .trim()
    .regex(/^\d{5,30}$/, "Id аккаунта Instagram — это число"),
  accessToken: z.string().trim().min(20, "Слишком короткий токен доступа").max(1000),
  assistantId,
  commentsAutoReply: z.boolean().optional(),
});

export const instagramSettingsSchema = z.object({ assistantId, commentsAutoReply: z.boolean().optional() });

export const mediaParam = z.object({ mediaId: z.string().min(1).max(64) });
export const commentParam = z.object({ commentId: z.string().min(1).max(64) });
export const replySchema = z.object({
  text: z.string().trim().min(1, "Введите текст ответа").max(2000),
  visibility: z.enum(["public", "private"]).default("public"),
});

const pickId = z.string().regex(/^[A-Za-z0-9_-]{10,80}$/, "Некорректный идентификатор результата входа");
export const oauthPickParam = z.object({ accountId: z.string().min(1).max(64), pickId });
export const oauthConnectSchema = z.object({
  pickId,
  instagramId: z.string().trim().regex(/^\d{5,30}$/, "Выберите аккаунт из списка"),
  assistantId,
  commentsAutoReply: z.boolean().optional(),
});
const q = z.string().max(2000).optional();
/** Meta's redirect back: `code` and `state`, or `error`/`error_reason` when the person cancelled. */
export const metaCallbackQuery = z.object({ code: q, state: q, error: q, error_reason: q, error_description: q, error_code: q });
