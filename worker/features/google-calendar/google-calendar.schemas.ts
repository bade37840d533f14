import { z } from "zod";
import { pageQuery, timezone } from "../../lib/validation";

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const time = z.string({ error: "Укажите время" }).regex(HHMM, "Время в формате ЧЧ:ММ");
const minutes = (h: string) => Number(h.slice(0, 2)) * 60 + Number(h.slice(3));

export const workingDaySchema = z
  .object({ on: z.boolean({ error: "Укажите, рабочий ли день" }), from: time, to: time })
  .refine((d) => !d.on || minutes(d.to) > minutes(d.from), { message: "Конец рабочего дня должен быть позже начала", path: ["to"] });

export const settingsSchema = z.object({
  calendarId: z.string({ error: "Выберите календарь" }).trim().min(1, "Выберите календарь").max(1024),
  timezone: timezone(),
  workingHours: z.array(workingDaySchema).length(7, "Нужны все семь дней недели"),
  slotMinutes: z.number({ error: "Укажите длительность" }).int("Целое число минут").min(5, "Не меньше 5 минут").max(480, "Не больше 8 часов"),
  bufferMinutes: z.number({ error: "Укажите перерыв" }).int("Целое число минут").min(0, "Не меньше 0").max(240, "Не больше 4 часов"),
  minNoticeMinutes: z.number({ error: "Укажите минимальный срок" }).int("Целое число минут").min(0, "Не меньше 0").max(20160, "Не больше 14 дней"),
  horizonDays: z.number({ error: "Укажите, на сколько дней вперёд" }).int("Целое число дней").min(1, "Не меньше 1 дня").max(365, "Не больше 365 дней"),
  reminderHours: z.number({ error: "Укажите время напоминания" }).int("Целое число часов").min(0, "Не меньше 0").max(168, "Не больше 7 дней"),
});
export type SettingsInput = z.infer<typeof settingsSchema>;

const instant = (msg: string) =>
  z
    .string({ error: msg })
    .max(40)
    .refine((s) => !Number.isNaN(Date.parse(s)), msg)
    .transform((s) => Date.parse(s));

export const slotsQuery = z.object({
  from: instant("Начало периода: дата и время в формате ISO 8601").optional(),
  to: instant("Конец периода: дата и время в формате ISO 8601").optional(),
  timezone: timezone().optional(),
});

export const bookingsQuery = pageQuery(20, 100).extend({
  contactId: z.string().max(64).optional(),
  status: z.enum(["booked", "cancelled"], { error: "Неизвестный статус" }).optional(),
  when: z.enum(["upcoming", "past", "all"], { error: "Неизвестный период" }).default("all"),
});

export const createBookingSchema = z.object({
  start: instant("Начало записи: дата и время в формате ISO 8601"),
  contactId: z.string().trim().min(1).max(64).optional(),
  timezone: timezone().optional(),
  summary: z.string().trim().max(200, "Не больше 200 символов").optional(),
});

export const bookingParam = z.object({ bookingId: z.string().min(1).max(64) });

const q = z.string().max(4000).optional();
export const googleCallbackQuery = z.object({ code: q, state: q, error: q, scope: q });
