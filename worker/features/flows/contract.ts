// @shared-with-spa: the flow graph (steps, transitions, configs, triggers), the outputs of each step type, the template ids and validateGraph, used by the API, the runtime and the editor; pure zod + types, no bindings, no server imports.
import { z } from "zod";

/* ────────────────────────────── Constants ────────────────────────────── */

export const STEP_TYPES = ["start", "message", "question", "condition", "ai", "action", "delay", "goto", "end", "booking"] as const;
export type StepType = (typeof STEP_TYPES)[number];

/** draft: never published (or unpublished); published: its latest version runs; archived: kept, never runs. */
export const FLOW_STATUSES = ["draft", "published", "archived"] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

/** The messengers a trigger or a condition may name (the same list as the inbox's `PLATFORMS`). */
export const FLOW_PLATFORMS = ["TELEGRAM", "WHATSAPP", "INSTAGRAM", "WEBCHAT"] as const;
export type FlowPlatform = (typeof FLOW_PLATFORMS)[number];

export const TRIGGER_TYPES = ["keyword", "newContact", "commentKeyword", "broadcastButton", "manual", "api"] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

export const QUESTION_KINDS = ["text", "number", "email", "phone", "date", "choice"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const CONDITION_SOURCES = ["field", "tag", "channel", "time", "weekday", "variable"] as const;
export type ConditionSource = (typeof CONDITION_SOURCES)[number];
/** The operators each condition source allows. */
export const CONDITION_OPS = {
  field: ["equals", "contains", "greater", "less", "isSet", "isNotSet"],
  variable: ["equals", "contains", "greater", "less", "isSet", "isNotSet"],
  tag: ["has", "hasNot"],
  channel: ["equals"],
  time: ["between"],
  weekday: ["in"],
} as const satisfies Record<ConditionSource, readonly string[]>;
export type ConditionOp = (typeof CONDITION_OPS)[ConditionSource][number];

/** Action kinds the editor offers now. The runtime keeps a registry, so "webhook event" and "CRM lead" can join later. */
export const ACTION_TYPES = ["addTag", "removeTag", "setField", "clearField", "handoff", "createLead"] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const DELAY_UNITS = ["seconds", "minutes", "hours", "days"] as const;
export type DelayUnit = (typeof DELAY_UNITS)[number];
export const DELAY_UNIT_SECONDS: Record<DelayUnit, number> = { seconds: 1, minutes: 60, hours: 3600, days: 86400 };
/** The longest delay a step may ask for (30 days). */
export const MAX_DELAY_SECONDS = 30 * 86400;

export const FLOW_TEMPLATES = ["blank", "greeting_menu", "lead_capture", "booking_request"] as const;
export type FlowTemplate = (typeof FLOW_TEMPLATES)[number];

export const MAX_FLOW_NAME = 200;
export const MAX_STEPS = 500;
export const MAX_TRANSITIONS = 2000;
export const MAX_STEP_NAME = 100;
export const MAX_MESSAGE_TEXT = 4096;
export const MAX_FLOW_BUTTONS = 10;
export const MAX_FLOW_BUTTON_LABEL = 64;
export const MAX_OPTIONS = 10;
export const MAX_RULES = 20;
export const MAX_ACTIONS = 20;
export const MAX_KEYWORDS = 50;
export const MAX_RETRIES = 10;
export const MAX_AI_TURNS = 50;
/** The booking step: how many free slots it offers as buttons, and how many days ahead it looks. */
export const MAX_BOOKING_SLOTS = 10;
export const MAX_BOOKING_DAYS = 60;
/** Whose clock the booking step shows the slots in: the calendar's working-hours zone or the account's. */
export const BOOKING_ZONES = ["calendar", "account"] as const;

/** The export file's header: `{format, version, name, graph}`. */
export const FLOW_EXPORT_FORMAT = "assistly-flow";
export const FLOW_EXPORT_VERSION = 1;

/** The default node size of the layout (SPEC §9): 70×70, left to right. */
export const NODE_SIZE = { width: 70, height: 70 } as const;

/* ────────────────────────────── Schemas ────────────────────────────── */

const id = z.string({ error: "Нужен идентификатор" }).trim().min(1, "Нужен идентификатор").max(64, "Не больше 64 символов");
const FIELD_KEY = /^[a-z][a-z0-9_]*$/;
const VAR_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const fieldKey = z.string({ error: "Выберите поле" }).trim().min(1, "Выберите поле").max(64).regex(FIELD_KEY, "Ключ поля: латиница, цифры и _");
const varName = z.string({ error: "Введите имя переменной" }).trim().min(1, "Введите имя переменной").max(64).regex(VAR_NAME, "Имя переменной: латиница, цифры и _");
const platform = z.enum(FLOW_PLATFORMS, { error: "Неизвестный канал" });
const keywords = z
  .array(z.string().trim().min(1, "Введите ключевое слово").max(100, "Не больше 100 символов"), { error: "Добавьте ключевые слова" })
  .min(1, "Добавьте хотя бы одно ключевое слово")
  .max(MAX_KEYWORDS, `Не больше ${MAX_KEYWORDS} ключевых слов`);
const match = z.enum(["exact", "contains"], { error: "Совпадение: exact или contains" });

export const positionSchema = z.object({
  x: z.number({ error: "Нужна координата x" }).finite(),
  y: z.number({ error: "Нужна координата y" }).finite(),
});

export const triggerSchema = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("keyword"), match, keywords, channels: z.array(platform).default([]) }),
    z.object({ type: z.literal("newContact"), channels: z.array(platform).default([]) }),
    z.object({
      type: z.literal("commentKeyword"),
      match,
      keywords,
      replyText: z.string({ error: "Введите текст ответа" }).trim().min(1, "Введите текст ответа в личные сообщения").max(1000, "Не больше 1000 символов"),
    }),
    z.object({ type: z.literal("broadcastButton") }),
    z.object({ type: z.literal("manual") }),
    z.object({ type: z.literal("api") }),
  ],
  { error: "Неизвестный тип запуска" },
);
export type Trigger = z.output<typeof triggerSchema>;

export const flowButtonSchema = z.object({
  id,
  label: z.string({ error: "Введите текст кнопки" }).trim().min(1, "Введите текст кнопки").max(MAX_FLOW_BUTTON_LABEL, `Не больше ${MAX_FLOW_BUTTON_LABEL} символов`),
  url: z
    .string()
    .trim()
    .max(2000, "Не больше 2000 символов")
    .refine((u) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(u), "Введите ссылку, начинающуюся с http:// или https://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
});
export type FlowButton = z.output<typeof flowButtonSchema>;

export const flowMediaSchema = z.object({
  key: z.string().trim().min(1, "Загрузите файл").max(500),
  type: z.enum(["image", "video", "document"], { error: "Тип файла: image, video или document" }),
  fileName: z.string().trim().min(1).max(255),
  mimeType: z.string().trim().min(1).max(200),
});

function uniqueIds<T extends { id: string }>(items: T[], ctx: z.RefinementCtx, path: string, message: string) {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item.id)) ctx.addIssue({ code: "custom", message, path: [path, i, "id"] });
    seen.add(item.id);
  });
}

const position = { position: positionSchema };

const startConfig = z.object({ ...position, triggers: z.array(triggerSchema).max(20, "Не больше 20 запусков").default([]) });

const messageConfig = z
  .object({
    ...position,
    text: z.string({ error: "Введите текст" }).max(MAX_MESSAGE_TEXT, `Не больше ${MAX_MESSAGE_TEXT} символов`).default(""),
    media: flowMediaSchema.nullish(),
    buttons: z.array(flowButtonSchema).max(MAX_FLOW_BUTTONS, `Не больше ${MAX_FLOW_BUTTONS} кнопок`).default([]),
  })
  .superRefine((m, ctx) => {
    if (!m.text.trim() && !m.media) ctx.addIssue({ code: "custom", message: "Введите текст сообщения или прикрепите файл", path: ["text"] });
    uniqueIds(m.buttons, ctx, "buttons", "Кнопки должны различаться");
  });

const saveTo = z.discriminatedUnion("kind", [z.object({ kind: z.literal("field"), key: fieldKey }), z.object({ kind: z.literal("variable"), name: varName })], {
  error: "Куда сохранить ответ: поле или переменная",
});

const questionConfig = z
  .object({
    ...position,
    text: z.string({ error: "Введите вопрос" }).trim().min(1, "Введите вопрос").max(MAX_MESSAGE_TEXT, `Не больше ${MAX_MESSAGE_TEXT} символов`),
    kind: z.enum(QUESTION_KINDS, { error: "Тип ответа: text, number, email, phone, date или choice" }),
    options: z
      .array(z.object({ id, label: z.string({ error: "Введите вариант" }).trim().min(1, "Введите вариант").max(MAX_FLOW_BUTTON_LABEL, `Не больше ${MAX_FLOW_BUTTON_LABEL} символов`) }))
      .max(MAX_OPTIONS, `Не больше ${MAX_OPTIONS} вариантов`)
      .optional(),
    errorText: z.string().trim().max(1000, "Не больше 1000 символов").default(""),
    maxRetries: z.number({ error: "Введите число попыток" }).int("Целое число").min(0, "Не меньше 0").max(MAX_RETRIES, `Не больше ${MAX_RETRIES}`).default(2),
    saveTo: saveTo.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.kind === "choice" && !q.options?.length) ctx.addIssue({ code: "custom", message: "Добавьте хотя бы один вариант ответа", path: ["options"] });
    if (q.options) uniqueIds(q.options, ctx, "options", "Варианты должны различаться");
  });

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const ruleValue = z.union([
  z.string().max(500, "Не больше 500 символов"),
  z.number().finite(),
  z.boolean(),
  z.array(z.number().int()),
  z.object({ from: z.string(), to: z.string() }),
]);

const conditionRule = z
  .object({
    id,
    source: z.enum(CONDITION_SOURCES, { error: "Условие: поле, тег, канал, время, день недели или переменная" }),
    key: z.string().trim().max(64).optional(),
    op: z.string({ error: "Выберите сравнение" }).min(1, "Выберите сравнение"),
    value: ruleValue.optional(),
  })
  .superRefine((r, ctx) => checkRule(r, ctx));

type RuleInput = { source: ConditionSource; key?: string; op: string; value?: z.output<typeof ruleValue> };

function checkRule(r: RuleInput, ctx: z.RefinementCtx) {
  const ops = CONDITION_OPS[r.source] as readonly string[];
  if (!ops.includes(r.op)) {
    ctx.addIssue({ code: "custom", message: `Сравнение для этого условия: ${ops.join(", ")}`, path: ["op"] });
    return;
  }
  const v = r.value;
  const needsValue = !(r.op === "isSet" || r.op === "isNotSet");
  if (r.source === "field" && !(r.key && FIELD_KEY.test(r.key))) ctx.addIssue({ code: "custom", message: "Выберите поле", path: ["key"] });
  if (r.source === "variable" && !(r.key && VAR_NAME.test(r.key))) ctx.addIssue({ code: "custom", message: "Введите имя переменной", path: ["key"] });
  if ((r.source === "field" || r.source === "variable") && needsValue && (v === undefined || typeof v === "object"))
    ctx.addIssue({ code: "custom", message: "Введите значение", path: ["value"] });
  if (r.source === "tag" && !(typeof v === "string" && v.trim())) ctx.addIssue({ code: "custom", message: "Выберите тег", path: ["value"] });
  if (r.source === "channel" && !(typeof v === "string" && (FLOW_PLATFORMS as readonly string[]).includes(v)))
    ctx.addIssue({ code: "custom", message: "Выберите канал", path: ["value"] });
  if (r.source === "time" && !(v && typeof v === "object" && !Array.isArray(v) && HHMM.test(v.from) && HHMM.test(v.to)))
    ctx.addIssue({ code: "custom", message: "Укажите время в виде ЧЧ:ММ, например 09:00", path: ["value"] });
  if (r.source === "weekday" && !(Array.isArray(v) && v.length > 0 && v.every((d) => d >= 1 && d <= 7)))
    ctx.addIssue({ code: "custom", message: "Выберите дни недели (1 — понедельник, 7 — воскресенье)", path: ["value"] });
}
export type ConditionRule = z.output<typeof conditionRule>;

const conditionConfig = z
  .object({ ...position, rules: z.array(conditionRule).min(1, "Добавьте хотя бы одно условие").max(MAX_RULES, `Не больше ${MAX_RULES} условий`) })
  .superRefine((c, ctx) => uniqueIds(c.rules, ctx, "rules", "Условия должны различаться"));

const aiConfig = z.object({
  ...position,
  assistantId: z.string({ error: "Выберите ассистента" }).trim().min(1, "Выберите ассистента").max(64),
  instructions: z.string().trim().max(4000, "Не больше 4000 символов").default(""),
  goalPhrase: z.string().trim().max(200, "Не больше 200 символов").optional(),
  maxTurns: z.number({ error: "Введите число ходов" }).int("Целое число").min(1, "Не меньше 1").max(MAX_AI_TURNS, `Не больше ${MAX_AI_TURNS}`).default(10),
});

const tagId = z.string({ error: "Выберите тег" }).trim().min(1, "Выберите тег").max(64);
export const flowActionSchema = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("addTag"), tagId }),
    z.object({ type: z.literal("removeTag"), tagId }),
    z.object({ type: z.literal("setField"), key: fieldKey, value: z.string().max(1000, "Не больше 1000 символов") }),
    z.object({ type: z.literal("clearField"), key: fieldKey }),
    z.object({ type: z.literal("handoff") }),
    z.object({ type: z.literal("createLead") }),
  ],
  { error: "Неизвестное действие" },
);
export type FlowAction = z.output<typeof flowActionSchema>;

const actionConfig = z.object({ ...position, actions: z.array(flowActionSchema).min(1, "Добавьте хотя бы одно действие").max(MAX_ACTIONS, `Не больше ${MAX_ACTIONS} действий`) });

const delayConfig = z
  .object({
    ...position,
    amount: z.number({ error: "Введите число" }).int("Целое число").min(1, "Не меньше 1"),
    unit: z.enum(DELAY_UNITS, { error: "Единица: секунды, минуты, часы или дни" }),
  })
  .refine((d) => d.amount * DELAY_UNIT_SECONDS[d.unit] <= MAX_DELAY_SECONDS, { message: "Пауза не длиннее 30 дней", path: ["amount"] });

const bookingText = z.string().trim().max(1000, "Не больше 1000 символов").default("");
/** booking: free slots of the account's Google Calendar as buttons; the chosen one is booked (worker/features/flows/runtime/booking-step.ts). */
const bookingConfig = z.object({
  ...position,
  text: z.string({ error: "Введите текст" }).trim().min(1, "Введите текст над кнопками со временем").max(MAX_MESSAGE_TEXT, `Не больше ${MAX_MESSAGE_TEXT} символов`),
  slots: z.number({ error: "Введите число" }).int("Целое число").min(1, "Не меньше 1").max(MAX_BOOKING_SLOTS, `Не больше ${MAX_BOOKING_SLOTS}`).default(6),
  days: z.number({ error: "Введите число" }).int("Целое число").min(1, "Не меньше 1").max(MAX_BOOKING_DAYS, `Не больше ${MAX_BOOKING_DAYS}`).default(7),
  zone: z.enum(BOOKING_ZONES, { error: "Часовой пояс: календаря или аккаунта" }).default("calendar"),
  bookedText: bookingText,
  takenText: bookingText,
  noSlotsText: bookingText,
  errorText: bookingText,
  maxRetries: z.number({ error: "Введите число попыток" }).int("Целое число").min(0, "Не меньше 0").max(MAX_RETRIES, `Не больше ${MAX_RETRIES}`).default(2),
  saveTo: saveTo.optional(),
});

const gotoConfig = z.object({ ...position, flowId: z.string({ error: "Выберите сценарий" }).trim().min(1, "Выберите сценарий").max(64) });
const endConfig = z.object(position);

const stepBase = {
  flowStepId: id,
  name: z.string({ error: "Введите название шага" }).trim().max(MAX_STEP_NAME, `Не больше ${MAX_STEP_NAME} символов`).default(""),
};

export const flowStepSchema = z.discriminatedUnion(
  "stepType",
  [
    z.object({ ...stepBase, stepType: z.literal("start"), flowConfig: startConfig }),
    z.object({ ...stepBase, stepType: z.literal("message"), flowConfig: messageConfig }),
    z.object({ ...stepBase, stepType: z.literal("question"), flowConfig: questionConfig }),
    z.object({ ...stepBase, stepType: z.literal("condition"), flowConfig: conditionConfig }),
    z.object({ ...stepBase, stepType: z.literal("ai"), flowConfig: aiConfig }),
    z.object({ ...stepBase, stepType: z.literal("action"), flowConfig: actionConfig }),
    z.object({ ...stepBase, stepType: z.literal("delay"), flowConfig: delayConfig }),
    z.object({ ...stepBase, stepType: z.literal("goto"), flowConfig: gotoConfig }),
    z.object({ ...stepBase, stepType: z.literal("end"), flowConfig: endConfig }),
    z.object({ ...stepBase, stepType: z.literal("booking"), flowConfig: bookingConfig }),
  ],
  { error: "Неизвестный тип шага" },
);

export const flowTransitionSchema = z.object({
  flowTransitionId: id,
  fromStepId: id,
  toStepId: id,
  sourceHandle: z.string({ error: "Нужен выход шага" }).trim().min(1, "Нужен выход шага").max(100),
});

/**
 * The graph as stored and as sent. Structure only: ids are unique and transitions name steps that
 * exist (else 400 with the path). Whether the graph can run (one start, reachability, dead ends,
 * references) is `validateGraph`'s, so an unfinished draft still saves.
 */
export const flowGraphSchema = z
  .object({
    steps: z.array(flowStepSchema, { error: "Нужен список шагов" }).max(MAX_STEPS, `Не больше ${MAX_STEPS} шагов`),
    transitions: z.array(flowTransitionSchema, { error: "Нужен список переходов" }).max(MAX_TRANSITIONS, `Не больше ${MAX_TRANSITIONS} переходов`),
  })
  .superRefine((g, ctx) => {
    const steps = new Set<string>();
    g.steps.forEach((s, i) => {
      if (steps.has(s.flowStepId)) ctx.addIssue({ code: "custom", message: "Шаги должны различаться", path: ["steps", i, "flowStepId"] });
      steps.add(s.flowStepId);
    });
    const transitions = new Set<string>();
    g.transitions.forEach((t, i) => {
      if (transitions.has(t.flowTransitionId)) ctx.addIssue({ code: "custom", message: "Переходы должны различаться", path: ["transitions", i, "flowTransitionId"] });
      transitions.add(t.flowTransitionId);
      if (!steps.has(t.fromStepId)) ctx.addIssue({ code: "custom", message: "Переход начинается у шага, которого нет", path: ["transitions", i, "fromStepId"] });
      if (!steps.has(t.toStepId)) ctx.addIssue({ code: "custom", message: "Переход ведёт к шагу, которого нет", path: ["transitions", i, "toStepId"] });
    });
  });

export type FlowGraph = z.output<typeof flowGraphSchema>;
export type FlowGraphInput = z.input<typeof flowGraphSchema>;
export type FlowStep = FlowGraph["steps"][number];
export type FlowTransition = FlowGraph["transitions"][number];
export type StepOf<T extends StepType> = Extract<FlowStep, { stepType: T }>;
export type FlowConfigOf<T extends StepType> = StepOf<T>["flowConfig"];

/** The export file (`GET …/export`, `POST …/import`). */
export const flowExportSchema = z.object({
  format: z.literal(FLOW_EXPORT_FORMAT, { error: "Это не файл сценария Assistly" }),
  version: z.literal(FLOW_EXPORT_VERSION, { error: "Неподдерживаемая версия файла сценария" }),
  name: z.string({ error: "Введите название" }).trim().min(1, "Введите название").max(MAX_FLOW_NAME, `Не больше ${MAX_FLOW_NAME} символов`),
  graph: flowGraphSchema,
});
export type FlowExport = z.output<typeof flowExportSchema>;

/* ────────────────────────────── Outputs ────────────────────────────── */

/** A source handle of a step: `next`, `noAnswer`, `else`, `button:<id>`, `option:<id>`, `branch:<id>`, `booked`, `failed`. */
export interface StepOutput {
  handle: string;
  /** The button/option label, the rule's index ("Условие 1"), or the fixed name of the output. */
  label: string;
}

/** Reply buttons only (a url button opens a link and never comes back as a choice). */
export function replyButtons(step: StepOf<"message">): FlowButton[] {
  return step.flowConfig.buttons.filter((b) => !b.url);
}

/** The outputs of a step in the order the editor draws its handles; goto and end have none. */
export function stepOutputs(step: FlowStep): StepOutput[] {
  switch (step.stepType) {
    case "start":
    case "ai":
    case "action":
    case "delay":
      return [{ handle: "next", label: step.stepType === "ai" ? "Цель достигнута" : "Далее" }];
    case "message": {
      const buttons = replyButtons(step);
      if (!buttons.length) return [{ handle: "next", label: "Далее" }];
      return [...buttons.map((b) => ({ handle: `button:${b.id}`, label: b.label })), { handle: "next", label: "Другой ответ" }];
    }
    case "question": {
      const c = step.flowConfig;
      if (c.kind === "choice") return [...(c.options ?? []).map((o) => ({ handle: `option:${o.id}`, label: o.label })), { handle: "noAnswer", label: "Нет ответа" }];
      return [
        { handle: "next", label: "Ответ получен" },
        { handle: "noAnswer", label: "Нет ответа" },
      ];
    }
    case "condition":
      return [...step.flowConfig.rules.map((r, i) => ({ handle: `branch:${r.id}`, label: `Условие ${i + 1}` })), { handle: "else", label: "Иначе" }];
    case "booking":
      return [
        { handle: "booked", label: "Записан" },
        { handle: "failed", label: "Не записан" },
      ];
    case "goto":
    case "end":
      return [];
  }
}

/* ────────────────────────────── Variables ────────────────────────────── */

/** `{{name}}`, `{{<custom field key>}}`, `{{var.<name>}}` in a message or question text. */
export const FLOW_VARIABLE = /\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*(?:\.[a-zA-Z_][a-zA-Z0-9_]*)?)\s*\}\}/g;
/** Contact variables every contact has (not custom fields). */
export const CONTACT_VARIABLES = ["name"] as const;

/** The variables a text uses, in order of first use (`name`, `city`, `var.answer`). */
export function flowTextVariables(text: string): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(FLOW_VARIABLE)) seen.add(m[1]!);
  return [...seen];
}

/* ────────────────────────────── Validation ────────────────────────────── */

export const ISSUE_CODES = [
  "noStart",
  "multipleStarts",
  "unreachable",
  "deadEnd",
  "unknownOutput",
  "duplicateOutput",
  "missingField",
  "missingTag",
  "missingAssistant",
  "missingFlow",
] as const;
export type FlowIssueCode = (typeof ISSUE_CODES)[number];

export interface FlowIssue {
  stepId?: string;
  /** The output (source handle) the issue is about, for dead ends and stray transitions. */
  handle?: string;
  code: FlowIssueCode;
  /** The issue in Russian, for API users; the SPA words it itself from `code` and `params`. */
  message: string;
  /**
   * The values the message names, as data: the step's name (trimmed; "" when it has none), the
   * output's label (deadEnd), the custom field's key (missingField).
   */
  params?: FlowIssueParams;
}

export interface FlowIssueParams {
  step?: string;
  output?: string;
  key?: string;
}

/** What a graph may refer to in its account: custom field keys, tag ids, assistant ids, flow ids. */
export interface FlowRefs {
  fieldKeys: Iterable<string>;
  tagIds: Iterable<string>;
  assistantIds: Iterable<string>;
  flowIds: Iterable<string>;
}

interface RefSets {
  fields: Set<string>;
  tags: Set<string>;
  assistants: Set<string>;
  flows: Set<string>;
}

function stepLabel(step: FlowStep): string {
  return step.name.trim() ? `«${step.name.trim()}»` : "без названия";
}

/** An issue's `params` of its step: the step's name as data (the message quotes it, or says "без названия"). */
function stepParams(step: FlowStep): FlowIssueParams {
  return { step: step.name.trim() };
}

function stepFieldKeys(step: FlowStep): string[] {
  const keys: string[] = [];
  const texts: string[] = [];
  if (step.stepType === "message") texts.push(step.flowConfig.text);
  if (step.stepType === "question") {
    texts.push(step.flowConfig.text, step.flowConfig.errorText);
    if (step.flowConfig.saveTo?.kind === "field") keys.push(step.flowConfig.saveTo.key);
  }
  if (step.stepType === "booking") {
    texts.push(step.flowConfig.text);
    if (step.flowConfig.saveTo?.kind === "field") keys.push(step.flowConfig.saveTo.key);
  }
  if (step.stepType === "condition") for (const r of step.flowConfig.rules) if (r.source === "field" && r.key) keys.push(r.key);
  if (step.stepType === "action") for (const a of step.flowConfig.actions) if (a.type === "setField" || a.type === "clearField") keys.push(a.key);
  for (const t of texts) for (const v of flowTextVariables(t)) if (!v.startsWith("var.") && !(CONTACT_VARIABLES as readonly string[]).includes(v)) keys.push(v);
  return [...new Set(keys)];
}

function stepTagIds(step: FlowStep): string[] {
  const ids: string[] = [];
  if (step.stepType === "condition") for (const r of step.flowConfig.rules) if (r.source === "tag" && typeof r.value === "string") ids.push(r.value);
  if (step.stepType === "action") for (const a of step.flowConfig.actions) if (a.type === "addTag" || a.type === "removeTag") ids.push(a.tagId);
  return [...new Set(ids)];
}

function referenceIssues(step: FlowStep, refs: RefSets): FlowIssue[] {
  const out: FlowIssue[] = [];
  const at = stepLabel(step);
  const params = stepParams(step);
  for (const key of stepFieldKeys(step))
    if (!refs.fields.has(key)) out.push({ stepId: step.flowStepId, code: "missingField", message: `Шаг ${at}: поля «${key}» нет в аккаунте`, params: { ...params, key } });
  for (const tag of stepTagIds(step)) if (!refs.tags.has(tag)) out.push({ stepId: step.flowStepId, code: "missingTag", message: `Шаг ${at}: выбранного тега больше нет`, params });
  if (step.stepType === "ai" && !refs.assistants.has(step.flowConfig.assistantId))
    out.push({ stepId: step.flowStepId, code: "missingAssistant", message: `Шаг ${at}: выбранного ассистента нет в аккаунте`, params });
  if (step.stepType === "goto" && !refs.flows.has(step.flowConfig.flowId))
    out.push({ stepId: step.flowStepId, code: "missingFlow", message: `Шаг ${at}: сценария, на который он переходит, нет в аккаунте`, params });
  return out;
}

function reachable(startId: string, transitions: FlowTransition[]): Set<string> {
  const next = new Map<string, string[]>();
  for (const t of transitions) (next.get(t.fromStepId) ?? next.set(t.fromStepId, []).get(t.fromStepId)!).push(t.toStepId);
  const seen = new Set([startId]);
  const stack = [startId];
  while (stack.length) for (const to of next.get(stack.pop()!) ?? []) if (!seen.has(to)) (seen.add(to), stack.push(to));
  return seen;
}

function outputIssues(step: FlowStep, transitions: FlowTransition[]): FlowIssue[] {
  const out: FlowIssue[] = [];
  const at = stepLabel(step);
  const params = stepParams(step);
  const outputs = stepOutputs(step);
  const known = new Set(outputs.map((o) => o.handle));
  const used = new Set<string>();
  for (const t of transitions) {
    if (!known.has(t.sourceHandle)) {
      out.push({ stepId: step.flowStepId, handle: t.sourceHandle, code: "unknownOutput", message: `Шаг ${at}: переход от выхода, которого у шага нет`, params });
      continue;
    }
    if (used.has(t.sourceHandle))
      out.push({ stepId: step.flowStepId, handle: t.sourceHandle, code: "duplicateOutput", message: `Шаг ${at}: из одного выхода идут два перехода`, params });
    used.add(t.sourceHandle);
  }
  for (const o of outputs)
    if (!used.has(o.handle)) out.push({ stepId: step.flowStepId, handle: o.handle, code: "deadEnd", message: `Шаг ${at}: выход «${o.label}» никуда не ведёт`, params: { ...params, output: o.label } });
  return out;
}

/**
 * Whether a graph can run: exactly one start; every step reachable from it; every output of every
 * step connected (only `end` and `goto` have none, so a branch ends only at an `end` step); no
 * output with two transitions or a transition from an output the step lacks; the fields, tags,
 * assistants and flows the steps name exist in the account. An empty list means it may be published.
 */
export function validateGraph(graph: FlowGraph, refs: FlowRefs): FlowIssue[] {
  const sets: RefSets = { fields: new Set(refs.fieldKeys), tags: new Set(refs.tagIds), assistants: new Set(refs.assistantIds), flows: new Set(refs.flowIds) };
  const issues: FlowIssue[] = [];
  const starts = graph.steps.filter((s) => s.stepType === "start");
  if (!starts.length) issues.push({ code: "noStart", message: "Добавьте шаг «Старт»: с него начинается сценарий" });
  for (const extra of starts.slice(1)) issues.push({ stepId: extra.flowStepId, code: "multipleStarts", message: "В сценарии может быть только один шаг «Старт»", params: stepParams(extra) });
  const seen = starts[0] ? reachable(starts[0].flowStepId, graph.transitions) : null;
  const from = new Map<string, FlowTransition[]>();
  for (const t of graph.transitions) (from.get(t.fromStepId) ?? from.set(t.fromStepId, []).get(t.fromStepId)!).push(t);
  for (const step of graph.steps) {
    if (seen && !seen.has(step.flowStepId) && step.stepType !== "start")
      issues.push({ stepId: step.flowStepId, code: "unreachable", message: `Шаг ${stepLabel(step)}: до него нельзя дойти от старта`, params: stepParams(step) });
    issues.push(...outputIssues(step, from.get(step.flowStepId) ?? []));
    issues.push(...referenceIssues(step, sets));
  }
  return issues;
}

/** The triggers of a graph's (first) start step. */
export function graphTriggers(graph: FlowGraph): Trigger[] {
  const start = graph.steps.find((s): s is StepOf<"start"> => s.stepType === "start");
  return start ? start.flowConfig.triggers : [];
}
