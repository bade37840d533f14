import type { FieldType } from "../custom-fields/field-types";
import type { FlowGraph, FlowStep, FlowTemplate, FlowTransition } from "./contract";

/**
 * The built-in templates (`GET …/flows/templates`, `POST …/flows {template}`). Each builds a graph
 * that passes validateGraph as it stands once the custom fields it names exist: creating a flow
 * from a template creates those fields in the account when it lacks them (a field with that key
 * that already exists is used as it is, whatever its label or type). Step ids are readable and
 * unique within the graph (ids are per graph; a duplicate of the flow keeps them).
 */
export interface TemplateField {
  key: string;
  label: string;
  type: FieldType;
}

export interface TemplateInfo {
  template: FlowTemplate;
  name: string;
  description: string;
}

interface TemplateDef extends TemplateInfo {
  fields: TemplateField[];
  graph: () => FlowGraph;
}

const COL = 240;
const ROW = 140;
const at = (col: number, row = 0) => ({ x: col * COL, y: row * ROW });

/** A transition id derived from its ends, so a template's graph is the same every time. */
function link(fromStepId: string, toStepId: string, sourceHandle = "next"): FlowTransition {
  return { flowTransitionId: `t_${fromStepId}_${sourceHandle.replace(":", "_")}`, fromStepId, toStepId, sourceHandle };
}

function blank(): FlowGraph {
  return {
    steps: [
      { flowStepId: "start", name: "Старт", stepType: "start", flowConfig: { position: at(0), triggers: [{ type: "manual" }] } },
      { flowStepId: "end", name: "Конец", stepType: "end", flowConfig: { position: at(1) } },
    ],
    transitions: [link("start", "end")],
  };
}

function greetingMenu(): FlowGraph {
  const steps: FlowStep[] = [
    {
      flowStepId: "start",
      name: "Старт",
      stepType: "start",
      flowConfig: {
        position: at(0, 1),
        triggers: [{ type: "newContact", channels: [] }, { type: "keyword", match: "exact", keywords: ["меню", "/start"], channels: [] }],
      },
    },
    {
      flowStepId: "menu",
      name: "Приветствие и меню",
      stepType: "message",
      flowConfig: {
        position: at(1, 1),
        text: "Здравствуйте, {{name}}! Я помогу сориентироваться. Выберите, что вас интересует:",
        buttons: [
          { id: "prices", label: "Цены" },
          { id: "address", label: "Адрес и часы работы" },
          { id: "operator", label: "Связаться с менеджером" },
        ],
      },
    },
    {
      flowStepId: "prices",
      name: "Цены",
      stepType: "message",
      flowConfig: { position: at(2, 0), text: "Актуальные цены — в нашем каталоге. Напишите, что вы ищете, и мы подберём вариант.", buttons: [] },
    },
    {
      flowStepId: "address",
      name: "Адрес и часы",
      stepType: "message",
      flowConfig: { position: at(2, 1), text: "Мы работаем ежедневно с 10:00 до 20:00. Адрес и схема проезда — на сайте.", buttons: [] },
    },
    { flowStepId: "handoff", name: "Передать менеджеру", stepType: "action", flowConfig: { position: at(2, 2), actions: [{ type: "handoff" }] } },
    {
      flowStepId: "handoff_note",
      name: "Менеджер скоро ответит",
      stepType: "message",
      flowConfig: { position: at(3, 2), text: "Передал ваш вопрос менеджеру — он ответит здесь в ближайшее время.", buttons: [] },
    },
    { flowStepId: "end", name: "Конец", stepType: "end", flowConfig: { position: at(4, 1) } },
  ];
  const transitions = [
    link("start", "menu"),
    link("menu", "prices", "button:prices"),
    link("menu", "address", "button:address"),
    link("menu", "handoff", "button:operator"),
    link("menu", "handoff"),
    link("prices", "end"),
    link("address", "end"),
    link("handoff", "handoff_note"),
    link("handoff_note", "end"),
  ];
  return { steps, transitions };
}

const LEAD_FIELDS: TemplateField[] = [
  { key: "lead_name", label: "Имя из заявки", type: "text" },
  { key: "phone", label: "Телефон", type: "phone" },
  { key: "email", label: "E-mail", type: "email" },
];

function question(id: string, name: string, col: number, text: string, kind: "text" | "phone" | "email" | "date", key: string, errorText: string): FlowStep {
  return {
    flowStepId: id,
    name,
    stepType: "question",
    flowConfig: { position: at(col, 1), text, kind, errorText, maxRetries: 2, saveTo: { kind: "field", key } },
  };
}

function leadCapture(): FlowGraph {
  const steps: FlowStep[] = [
    {
      flowStepId: "start",
      name: "Старт",
      stepType: "start",
      flowConfig: { position: at(0, 1), triggers: [{ type: "keyword", match: "contains", keywords: ["заявка", "оставить заявку"], channels: [] }, { type: "broadcastButton" }] },
    },
    question("ask_name", "Имя", 1, "Оставьте заявку — менеджер свяжется с вами. Как к вам обращаться?", "text", "lead_name", "Напишите, пожалуйста, ваше имя."),
    question("ask_phone", "Телефон", 2, "Спасибо, {{lead_name}}! Ваш номер телефона?", "phone", "phone", "Не получилось разобрать номер. Напишите его с кодом страны, например +7 912 345-67-89."),
    question("ask_email", "E-mail", 3, "И e-mail, чтобы прислать предложение:", "email", "email", "Похоже, в адресе опечатка. Пример: name@example.ru"),
    {
      flowStepId: "thanks",
      name: "Спасибо",
      stepType: "message",
      flowConfig: { position: at(4, 1), text: "Заявка принята: {{lead_name}}, {{phone}}, {{email}}. Менеджер свяжется с вами в рабочее время.", buttons: [] },
    },
    { flowStepId: "handoff", name: "Передать менеджеру", stepType: "action", flowConfig: { position: at(5, 1), actions: [{ type: "handoff" }] } },
    { flowStepId: "end", name: "Конец", stepType: "end", flowConfig: { position: at(6, 1) } },
  ];
  const transitions = [
    link("start", "ask_name"),
    link("ask_name", "ask_phone"),
    link("ask_name", "handoff", "noAnswer"),
    link("ask_phone", "ask_email"),
    link("ask_phone", "handoff", "noAnswer"),
    link("ask_email", "thanks"),
    link("ask_email", "thanks", "noAnswer"),
    link("thanks", "handoff"),
    link("handoff", "end"),
  ];
  return { steps, transitions };
}

const BOOKING_FIELDS: TemplateField[] = [
  { key: "booking_date", label: "Дата записи", type: "date" },
  { key: "booking_time", label: "Время записи", type: "text" },
  { key: "phone", label: "Телефон", type: "phone" },
];

function bookingRequest(): FlowGraph {
  const steps: FlowStep[] = [
    {
      flowStepId: "start",
      name: "Старт",
      stepType: "start",
      flowConfig: { position: at(0, 1), triggers: [{ type: "keyword", match: "contains", keywords: ["записаться", "запись", "бронь"], channels: [] }, { type: "manual" }] },
    },
    question("ask_date", "Дата", 1, "На какую дату вас записать? Например, 15.12.2026.", "date", "booking_date", "Напишите дату в виде ДД.ММ.ГГГГ."),
    {
      flowStepId: "ask_time",
      name: "Время",
      stepType: "question",
      flowConfig: {
        position: at(2, 1),
        text: "Какое время удобно?",
        kind: "choice",
        options: [
          { id: "morning", label: "Утро (10–13)" },
          { id: "day", label: "День (13–17)" },
          { id: "evening", label: "Вечер (17–20)" },
        ],
        errorText: "Выберите один из вариантов.",
        maxRetries: 2,
        saveTo: { kind: "field", key: "booking_time" },
      },
    },
    question("ask_phone", "Телефон", 3, "Оставьте телефон для подтверждения записи:", "phone", "phone", "Не получилось разобрать номер. Пример: +7 912 345-67-89."),
    {
      flowStepId: "confirm",
      name: "Подтверждение",
      stepType: "message",
      flowConfig: { position: at(4, 1), text: "Записали вас на {{booking_date}}, {{booking_time}}. Администратор подтвердит запись по телефону {{phone}}.", buttons: [] },
    },
    { flowStepId: "handoff", name: "Передать администратору", stepType: "action", flowConfig: { position: at(5, 1), actions: [{ type: "handoff" }] } },
    { flowStepId: "end", name: "Конец", stepType: "end", flowConfig: { position: at(6, 1) } },
  ];
  const transitions = [
    link("start", "ask_date"),
    link("ask_date", "ask_time"),
    link("ask_date", "handoff", "noAnswer"),
    link("ask_time", "ask_phone", "option:morning"),
    link("ask_time", "ask_phone", "option:day"),
    link("ask_time", "ask_phone", "option:evening"),
    link("ask_time", "handoff", "noAnswer"),
    link("ask_phone", "confirm"),
    link("ask_phone", "handoff", "noAnswer"),
    link("confirm", "handoff"),
    link("handoff", "end"),
  ];
  return { steps, transitions };
}

const TEMPLATES: Record<FlowTemplate, TemplateDef> = {
  blank: { template: "blank", name: "Пустой сценарий", description: "Только «Старт» и «Конец»: соберите сценарий с нуля между ними.", fields: [], graph: blank },
  greeting_menu: {
    template: "greeting_menu",
    name: "Приветствие с меню",
    description: "Приветствует нового клиента и предлагает кнопки: цены, адрес и часы, связь с менеджером.",
    fields: [],
    graph: greetingMenu,
  },
  lead_capture: {
    template: "lead_capture",
    name: "Сбор заявки",
    description: "Спрашивает имя, телефон и e-mail, сохраняет их в поля клиента и передаёт диалог менеджеру.",
    fields: LEAD_FIELDS,
    graph: leadCapture,
  },
  booking_request: {
    template: "booking_request",
    name: "Запись на приём",
    description: "Спрашивает дату, удобное время и телефон, подтверждает запись и передаёт её администратору.",
    fields: BOOKING_FIELDS,
    graph: bookingRequest,
  },
};

export function templateList(): TemplateInfo[] {
  return Object.values(TEMPLATES).map(({ template, name, description }) => ({ template, name, description }));
}

export function templateOf(template: FlowTemplate): TemplateDef {
  return TEMPLATES[template];
}
