import { z } from "zod";
import { PLATFORMS, SUBSCRIPTIONS, THREAD_STATUSES } from "../../db/schema/inbox";
import { pageQuery } from "../../lib/validation";
import { filterParam } from "../audience/filter";

const boolParam = z.enum(["true", "false"], { error: "Ожидается true или false" }).transform((v) => v === "true");
const search = z.string().trim().max(100, "Не больше 100 символов").optional();

export const chatContactsQuery = pageQuery(30, 100).extend({
  q: search,
  status: z.enum(THREAD_STATUSES).optional(),
  platform: z.enum(PLATFORMS).optional(),
  isGptActive: boolParam.optional(),
  /** The test-chats panel asks for test contacts only; the inbox for real ones (default). */
  isTestContact: boolParam.optional(),
});
export type ChatContactsQuery = z.output<typeof chatContactsQuery>;

export const CONTACT_SORTS = ["createdAt", "lastSeenAt", "name"] as const;
/** §2.13 page sizes of a data table. */
export const PAGE_SIZES = [5, 10, 20, 25, 50, 100] as const;
const pageSize = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), `Размер страницы: ${PAGE_SIZES.join(", ")}`)
  .default(20);

/** The contacts table: the older single parameters, plus the audience filter as JSON in `filter` (both apply). */
export const contactsQuery = pageQuery(20, 100).extend({
  limit: pageSize,
  filter: filterParam.optional(),
  q: search,
  platform: z.enum(PLATFORMS).optional(),
  status: z.enum(THREAD_STATUSES).optional(),
  isTestContact: boolParam.optional(),
  sortBy: z.enum(CONTACT_SORTS).default("lastSeenAt"),
  sortDir: z.enum(["asc", "desc"]).default("desc"),
});
export type ContactsQuery = z.output<typeof contactsQuery>;

export const exportQuery = z.object({
  format: z.enum(["csv", "xlsx"], { error: "Формат: csv или xlsx" }).default("csv"),
  filter: filterParam.optional(),
  q: search,
  platform: z.enum(PLATFORMS).optional(),
  isTestContact: boolParam.optional(),
});
export type ExportQuery = z.output<typeof exportQuery>;

const id = z.string().trim().min(1).max(64);
export const contactParam = z.object({ accountId: id, contactId: id });
export const threadParam = z.object({ accountId: id, threadId: id });

/** Whether broadcasts reach the contact: subscribed, unsubscribed (they asked to stop) or blocked (by the account). */
export const subscriptionBody = z.object({ subscription: z.enum(SUBSCRIPTIONS, { error: "Подписка: subscribed, unsubscribed или blocked" }) });

export const setStatusBody = z.object({ status: z.enum(THREAD_STATUSES, { error: "Статус: active, archived, closed или pending" }) });
export const patchThreadBody = z.object({ isGptActive: z.boolean({ error: "Ожидается true или false" }) });

/** Opaque cursor of the message log: base64url of [createdAt, id]. */
export const messagesQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  threadId: id.optional(),
});
export type MessagesQuery = z.output<typeof messagesQuery>;

export const postMessageBody = z.object({
  content: z.string().trim().max(4096, "Не больше 4096 символов").default(""),
  threadId: id.optional(),
  /** Client-generated id for retries: the same key twice creates one message. */
  clientMessageId: z.string().trim().min(1).max(100).optional(),
});
export type PostMessageBody = z.output<typeof postMessageBody>;

export const clearChatQuery = z.object({ threadId: id.optional() });

export const testBotPostBody = z.object({
  content: z.string().trim().min(1, "Введите сообщение").max(4096, "Не больше 4096 символов"),
  assistantId: id.optional(),
  clientMessageId: z.string().trim().min(1).max(100).optional(),
});
export const testBotQuery = messagesQuery.omit({ threadId: true });

export const MAX_ATTACHMENTS = 10;
