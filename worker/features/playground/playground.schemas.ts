import { z } from "zod";

const id = z.string().trim().min(1).max(64);

export const newMessageQuery = z.object({
  isTestChat: z.enum(["true"], "Поддерживаются только тестовые чаты: isTestChat=true"),
});

export const newMessageBody = z.object({
  assistantId: id.pipe(z.string("Выберите ассистента")),
  /** The test chat's customer id, chosen by the client (one chat per id). */
  contactPlatformUserId: z.string("Укажите contactPlatformUserId").trim().min(1, "Укажите contactPlatformUserId").max(100, "Не длиннее 100 символов"),
  message: z.string("Введите сообщение").trim().min(1, "Введите сообщение").max(4096, "Не больше 4096 символов"),
  /** Name shown for the test customer (the current user's name). */
  name: z.string().trim().max(200, "Не длиннее 200 символов").optional(),
  /** Client-generated key: sending the same key twice stores one message and returns the same reply. */
  clientMessageId: z.string().trim().min(1).max(100).optional(),
});
export type NewMessageBody = z.output<typeof newMessageBody>;

export const testChatsQuery = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const contactParam = z.object({ accountId: id, contactId: id });

export const messagesQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
