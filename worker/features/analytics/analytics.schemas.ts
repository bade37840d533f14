import { z } from "zod";
import { EXPORT_TABLES } from "./contract";

const day = () => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Укажите дату в формате ГГГГ-ММ-ДД");

export const analyticsQuery = z
  .object({
    from: day().optional(),
    to: day().optional(),
    channel: z.string().trim().min(1).max(64).optional(),
    assistantId: z.string().trim().min(1).max(64).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "Начало периода позже его конца", path: ["from"] })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, { message: "Период не длиннее года", path: ["to"] });

export const exportQuery = z.intersection(analyticsQuery, z.object({ table: z.enum(EXPORT_TABLES, { message: "Выберите таблицу для выгрузки" }) }));

export type AnalyticsQuery = z.infer<typeof analyticsQuery>;
