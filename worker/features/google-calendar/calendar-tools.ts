import { z } from "zod";
import type { ToolContext, ToolDefinition } from "../../ai/tools";
import { AppError } from "../../lib/errors";
import { timezone } from "../../lib/validation";
import { bookSlot, cancelBooking, findSlots, listBookings } from "./booking.service";

/**
 * The assistant's booking tools (the editor offers them; the runner keeps each call and result in
 * the reply's trace as tool_call / tool_result messages). They act only for the turn's account and
 * contact, through the same service as the API and the flows' booking step.
 */
const DAY = 86_400_000;
const SLOTS_FOR_MODEL = 8;

/** A failure the model can explain: not connected, reconnect, calendar not chosen, Google down. */
async function guarded<T>(fn: () => Promise<T>): Promise<T | { ok: false; error: string; code: string }> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof AppError) return { ok: false, error: e.message, code: e.code ?? "FAILED" };
    throw e;
  }
}

const findArgs = z.object({
  from: z.string().max(40).refine((s) => !Number.isNaN(Date.parse(s)), "Дата в формате YYYY-MM-DD или ISO 8601").optional(),
  days: z.number().int().min(1).max(14).optional(),
  timezone: timezone().optional(),
});

const bookArgs = z.object({
  start: z.string().max(40).refine((s) => !Number.isNaN(Date.parse(s)), "Время начала из find_free_slots (ISO 8601)"),
  timezone: timezone().optional(),
});

const cancelArgs = z.object({ bookingId: z.string().min(1).max(64).optional() });

function tool<A extends z.ZodType>(def: ToolDefinition<A>): ToolDefinition<A> {
  return def;
}

export const CALENDAR_TOOLS = [
  tool({
    name: "find_free_slots",
    title: "Свободное время в календаре",
    description:
      "Найти свободное время для записи в Google Календаре компании (рабочие часы, перерывы и занятость уже учтены). Время в ответе — в часовом поясе клиента. Предложи клиенту 2–4 варианта; для записи вызови book_slot с полем start выбранного слота.",
    defaultOn: false,
    args: findArgs,
    parameters: {
      type: "object",
      properties: {
        from: { type: "string", description: "С какой даты искать (YYYY-MM-DD или ISO 8601); по умолчанию — с текущего момента" },
        days: { type: "integer", minimum: 1, maximum: 14, description: "На сколько дней вперёд смотреть (по умолчанию 7)" },
        timezone: { type: "string", description: "Часовой пояс клиента (IANA, например Europe/Moscow), если известен" },
      },
      additionalProperties: false,
    },
    async run(ctx: ToolContext, args) {
      return guarded(async () => {
        const from = args.from ? Math.max(Date.parse(args.from), ctx.now) : ctx.now;
        const r = await findSlots(ctx.env, ctx.accountId, { from, to: from + (args.days ?? 7) * DAY, timezone: args.timezone, limit: SLOTS_FOR_MODEL }, ctx.now);
        return { ok: true, timezone: r.customerTimezone, slots: r.slots.map((s) => ({ start: s.start, end: s.end })), found: r.slots.length };
      });
    },
  }),
  tool({
    name: "book_slot",
    title: "Записать клиента в календарь",
    description:
      "Записать клиента на выбранное время в Google Календарь. Передай start ровно как в ответе find_free_slots. Повторный вызов с тем же временем не создаёт вторую запись. Если слот занят (slot_taken), предложи другое время.",
    defaultOn: false,
    args: bookArgs,
    parameters: {
      type: "object",
      properties: {
        start: { type: "string", description: "Начало слота из find_free_slots, например 2026-03-10T15:00:00+03:00" },
        timezone: { type: "string", description: "Часовой пояс клиента (IANA), если известен" },
      },
      required: ["start"],
      additionalProperties: false,
    },
    async run(ctx: ToolContext, args) {
      return guarded(async () => {
        const r = await bookSlot(ctx.env, ctx.accountId, { start: Date.parse(args.start), contactId: ctx.contactId, threadId: ctx.threadId, timezone: args.timezone, source: "assistant" }, ctx.now);
        if (!r.ok) return r;
        return { ok: true, alreadyBooked: r.alreadyBooked, bookingId: r.booking.id, start: r.booking.startLocal, timezone: r.booking.timezone };
      });
    },
  }),
  tool({
    name: "cancel_booking",
    title: "Отменить запись клиента",
    description: "Отменить запись клиента в Google Календаре. Без bookingId отменяется ближайшая предстоящая запись этого клиента.",
    defaultOn: false,
    args: cancelArgs,
    parameters: { type: "object", properties: { bookingId: { type: "string", description: "Id записи из book_slot (необязательно)" } }, additionalProperties: false },
    async run(ctx: ToolContext, args) {
      return guarded(async () => {
        let id = args.bookingId;
        if (!id) {
          const next = await listBookings(ctx.env, ctx.accountId, { page: 1, limit: 1, contactId: ctx.contactId, status: "booked", when: "upcoming" }, ctx.now);
          id = next.data[0]?.id;
          if (!id) return { ok: false, error: "У клиента нет предстоящих записей", code: "NO_BOOKING" };
        }
        const b = await cancelBooking(ctx.env, ctx.accountId, id, { contactId: ctx.contactId });
        return { ok: true, cancelled: b.id, start: b.startLocal };
      });
    },
  }),
] as const;
