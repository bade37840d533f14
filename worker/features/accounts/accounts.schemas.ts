import { z } from "zod";
import { timezone } from "../../lib/validation";

/** The business fields the wizard offers (labels in the SPA's `wizard` namespace). */
export const INDUSTRIES = ["retail", "beauty", "food", "education", "health", "services", "realty", "auto", "travel", "other"] as const;

export const accountBodySchema = z.object({
  name: z.string().trim().min(1, "Введите название аккаунта").max(100, "Не больше 100 символов"),
  timezone: timezone().optional(),
  language: z.enum(["ru", "en", "ar", "fr"]).optional(),
  description: z.string().trim().max(2000).nullable().optional(),
  website: z.union([z.url({ protocol: /^https?$/, error: "Укажите адрес сайта, начиная с https://" }).max(500), z.literal(""), z.null()]).optional(),
  industry: z.enum(INDUSTRIES, "Выберите сферу из списка").nullable().optional(),
});
export const accountUpdateSchema = accountBodySchema.partial().refine((v) => Object.keys(v).length > 0, "Нет полей для изменения");

export const settingsSchema = z.object({
  inbox: z
    .object({
      aiOnForNewThreads: z.boolean().default(true),
      soundOnNewMessage: z.boolean().default(true),
    })
    .default({ aiOnForNewThreads: true, soundOnNewMessage: true }),
  notifications: z
    .object({
      emailOnHandoff: z.boolean().default(true),
      emailOnChannelDown: z.boolean().default(true),
    })
    .default({ emailOnHandoff: true, emailOnChannelDown: true }),
  comments: z.object({ autoReply: z.boolean().default(false) }).default({ autoReply: false }),
});
export type AccountSettings = z.output<typeof settingsSchema>;
/**
 * A change of some settings: each group and each switch optional, without the defaults (zod 4
 * applies a field's default inside .partial(), so `{ comments: { autoReply } }` would have reset the
 * inbox's and the notifications' switches to theirs); what is not given stays as stored.
 */
export const settingsUpdateSchema = z.object({
  inbox: z.object({ aiOnForNewThreads: z.boolean(), soundOnNewMessage: z.boolean() }).partial().optional(),
  notifications: z.object({ emailOnHandoff: z.boolean(), emailOnChannelDown: z.boolean() }).partial().optional(),
  comments: z.object({ autoReply: z.boolean() }).partial().optional(),
});
export type AccountSettingsUpdate = z.output<typeof settingsUpdateSchema>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "Время в формате ЧЧ:ММ");
export const downtimeSchema = z.object({
  enabled: z.boolean(),
  timezone: timezone().optional(),
  /** ISO weekday 1 (Monday) … 7 (Sunday). */
  intervals: z
    .array(
      z
        .object({ day: z.number().int().min(1).max(7), from: hhmm, to: hhmm })
        .refine((i) => i.from < i.to, { message: "Время окончания должно быть позже начала", path: ["to"] }),
    )
    .max(50),
});
export type Downtime = z.output<typeof downtimeSchema>;

export const WIZARD_STEPS = ["account", "assistant", "channel", "test", "team"] as const;
export const skipWizardStepSchema = z.object({ step: z.enum(WIZARD_STEPS) });
/** The wizard's pages in order (§ issue 21): about the business, an assistant, a channel, the test chat, done. */
export const WIZARD_PAGES = ["business", "assistant", "channel", "test", "team", "done"] as const;
export type WizardPage = (typeof WIZARD_PAGES)[number];
export const wizardProgressSchema = z.object({ at: z.enum(WIZARD_PAGES, "Неизвестный шаг мастера") });
