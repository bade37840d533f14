import { z } from "zod";
import { audienceFilter, filterParam } from "./filter";

const id = z.string().trim().min(1).max(64);
export const MAX_BULK_IDS = 1000;

export const BULK_ACTIONS = ["tag", "untag", "delete", "subscribe", "unsubscribe"] as const;
/** Actions that need a tag. */
const TAG_ACTIONS: readonly string[] = ["tag", "untag"];

/**
 * A bulk action on the given contacts (`ids`) or on everything the `filter` matches (one of the two):
 * tag or untag (with `tagId`), delete, subscribe to broadcasts or unsubscribe from them.
 */
export const bulkBody = z
  .object({
    action: z.enum(BULK_ACTIONS, { error: "Действие: tag, untag, delete, subscribe или unsubscribe" }),
    tagId: id.optional(),
    ids: z.array(id).min(1, "Выберите контакты").max(MAX_BULK_IDS, `Не больше ${MAX_BULK_IDS} контактов за раз; для большего выберите все по фильтру`).optional(),
    filter: audienceFilter.optional(),
  })
  .refine((b) => (b.ids === undefined) !== (b.filter === undefined), { message: "Выберите контакты или задайте фильтр", path: ["ids"] })
  .refine((b) => !TAG_ACTIONS.includes(b.action) || b.tagId !== undefined, { message: "Выберите тег", path: ["tagId"] });
export type BulkBody = z.output<typeof bulkBody>;

const name = z.string().trim().min(1, "Введите название").max(100, "Не больше 100 символов");
export const segmentCreate = z.object({ name, filter: audienceFilter });
export const segmentUpdate = z.object({ name: name.optional(), filter: audienceFilter.optional() });
export type SegmentInput = z.output<typeof segmentCreate>;

export const segmentParam = z.object({ accountId: id, segmentId: id });

/** `GET …/audience/count?filter=<JSON>`: no filter counts everyone reachable. */
export const audienceCountQuery = z.object({ filter: filterParam.optional() });
