import { z } from "zod";
import { DEDUPE_KEYS, IMPORT_PLATFORMS, IMPORT_TARGETS, type ImportTarget, MAX_IMPORT_COLUMNS } from "./import-format";

const target = z.union([z.enum(IMPORT_TARGETS), z.string().regex(/^field:[a-z][a-z0-9_]{0,63}$/, "Неизвестное поле")]) as z.ZodType<ImportTarget>;

/** The mapping of the upload's `mapping` form part (JSON). */
export const mappingSchema = z.object({
  columns: z.array(target.nullable()).max(MAX_IMPORT_COLUMNS, `Не больше ${MAX_IMPORT_COLUMNS} столбцов`),
  dedupe: z.enum(DEDUPE_KEYS, "Выберите, как искать существующие контакты: по телефону или по ID в канале"),
  platform: z.enum(IMPORT_PLATFORMS, "Выберите канал: Telegram, WhatsApp или Instagram").nullable().default(null),
});

export const importParam = z.object({ importId: z.string().min(1).max(64) });
