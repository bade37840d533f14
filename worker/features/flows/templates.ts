import type { FieldType } from "../custom-fields/field-types";
import type { FlowGraph, FlowStep, FlowTemplate, FlowTransition } from "./contract";
import { TEMPLATE_LANGUAGES, TEMPLATE_TEXTS, type TemplateLanguage, type TemplateTexts } from "./template-texts";
import { preferredLanguage } from "../../lib/error-i18n";

export { TEMPLATE_LANGUAGES, type TemplateLanguage } from "./template-texts";

const isTemplateLanguage = (l: string | null | undefined): l is TemplateLanguage => !!l && (TEMPLATE_LANGUAGES as readonly string[]).includes(l);

/**
 * The built-in templates (`GET …/flows/templates`, `POST …/flows {template}`). Each builds a graph
 * that passes validateGraph as it stands once the custom fields it names exist: creating a flow
 * from a template creates those fields in the account when it lacks them (a field with that key
 * that already exists is used as it is, whatever its label or type). Step ids are readable and
 * unique within the graph (ids are per graph; a duplicate of the flow keeps them).
 *
 * One definition per template in the user's interface language: the graph (ids, types, positions,
 * transitions, button and option ids, field keys) is the same in every language, only the texts
 * come from template-texts.ts (names, descriptions, step names, messages, buttons, keywords, the
 * labels of the fields it creates). Russian is the default.
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
  /** The description of a custom field the template creates. */
  fieldDescription: string;
  graph: () => FlowGraph;
}

const COL = 240;
const ROW = 140;
const at = (col: number, row = 0) => ({ x: col * COL, y: row * ROW });

/** A transition id derived from its ends, so a template's graph is the same every time. */
function link(fromStepId: string, toStepId: string, sourceHandle = "next"): FlowTransition {
  return { flowTransitionId: `t_${fromStepId}_${sourceHandle.replace(":", "_")}`, fromStepId, toStepId, sourceHandle };
}

function blank(tx: TemplateTexts): FlowGraph {
  return {
    steps: [
      { flowStepId: "start", name: tx.start, stepType: "start", flowConfig: { position: at(0), triggers: [{ type: "manual" }] } },
      { flowStepId: "end", name: tx.end, stepType: "end", flowConfig: { position: at(1) } },
    ],
    transitions: [link("start", "end")],
  };
}

function greetingMenu(tx: TemplateTexts): FlowGraph {
  const g = tx.greeting_menu;
  const steps: FlowStep[] = [
    {
      flowStepId: "start",
      name: tx.start,
      stepType: "start",
      flowConfig: {
        position: at(0, 1),
        triggers: [{ type: "newContact", channels: [] }, { type: "keyword", match: "exact", keywords: [...g.keywords], channels: [] }],
      },
    },
    {
      flowStepId: "menu",
      name: g.menu.name,
      stepType: "message",
      flowConfig: {
        position: at(1, 1),
        text: g.menu.text,
        buttons: [
          { id: "prices", label: g.menu.prices },
          { id: "address", label: g.menu.address },
          { id: "operator", label: g.menu.operator },
        ],
      },
    },
    { flowStepId: "prices", name: g.prices.name, stepType: "message", flowConfig: { position: at(2, 0), text: g.prices.text, buttons: [] } },
    { flowStepId: "address", name: g.address.name, stepType: "message", flowConfig: { position: at(2, 1), text: g.address.text, buttons: [] } },
    { flowStepId: "handoff", name: g.handoff, stepType: "action", flowConfig: { position: at(2, 2), actions: [{ type: "handoff" }] } },
    { flowStepId: "handoff_note", name: g.handoffNote.name, stepType: "message", flowConfig: { position: at(3, 2), text: g.handoffNote.text, buttons: [] } },
    { flowStepId: "end", name: tx.end, stepType: "end", flowConfig: { position: at(4, 1) } },
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

interface QuestionText {
  name: string;
  text: string;
  error: string;
}

function question(id: string, q: QuestionText, col: number, kind: "text" | "phone" | "email" | "date", key: string): FlowStep {
  return {
    flowStepId: id,
    name: q.name,
    stepType: "question",
    flowConfig: { position: at(col, 1), text: q.text, kind, errorText: q.error, maxRetries: 2, saveTo: { kind: "field", key } },
  };
}

const leadFields = (tx: TemplateTexts): TemplateField[] => [
  { key: "lead_name", label: tx.lead_capture.fieldLeadName, type: "text" },
  { key: "phone", label: tx.fieldPhone, type: "phone" },
  { key: "email", label: tx.fieldEmail, type: "email" },
];

function leadCapture(tx: TemplateTexts): FlowGraph {
  const l = tx.lead_capture;
  const steps: FlowStep[] = [
    {
      flowStepId: "start",
      name: tx.start,
      stepType: "start",
      flowConfig: { position: at(0, 1), triggers: [{ type: "keyword", match: "contains", keywords: [...l.keywords], channels: [] }, { type: "broadcastButton" }] },
    },
    question("ask_name", l.askName, 1, "text", "lead_name"),
    question("ask_phone", l.askPhone, 2, "phone", "phone"),
    question("ask_email", l.askEmail, 3, "email", "email"),
    { flowStepId: "thanks", name: l.thanks.name, stepType: "message", flowConfig: { position: at(4, 1), text: l.thanks.text, buttons: [] } },
    { flowStepId: "handoff", name: l.handoff, stepType: "action", flowConfig: { position: at(5, 1), actions: [{ type: "handoff" }] } },
    { flowStepId: "end", name: tx.end, stepType: "end", flowConfig: { position: at(6, 1) } },
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

const bookingFields = (tx: TemplateTexts): TemplateField[] => [
  { key: "booking_date", label: tx.booking_request.fieldDate, type: "date" },
  { key: "booking_time", label: tx.booking_request.fieldTime, type: "text" },
  { key: "phone", label: tx.fieldPhone, type: "phone" },
];

function bookingRequest(tx: TemplateTexts): FlowGraph {
  const b = tx.booking_request;
  const steps: FlowStep[] = [
    {
      flowStepId: "start",
      name: tx.start,
      stepType: "start",
      flowConfig: { position: at(0, 1), triggers: [{ type: "keyword", match: "contains", keywords: [...b.keywords], channels: [] }, { type: "manual" }] },
    },
    question("ask_date", b.askDate, 1, "date", "booking_date"),
    {
      flowStepId: "ask_time",
      name: b.askTime.name,
      stepType: "question",
      flowConfig: {
        position: at(2, 1),
        text: b.askTime.text,
        kind: "choice",
        options: [
          { id: "morning", label: b.askTime.morning },
          { id: "day", label: b.askTime.day },
          { id: "evening", label: b.askTime.evening },
        ],
        errorText: b.askTime.error,
        maxRetries: 2,
        saveTo: { kind: "field", key: "booking_time" },
      },
    },
    question("ask_phone", b.askPhone, 3, "phone", "phone"),
    { flowStepId: "confirm", name: b.confirm.name, stepType: "message", flowConfig: { position: at(4, 1), text: b.confirm.text, buttons: [] } },
    { flowStepId: "handoff", name: b.handoff, stepType: "action", flowConfig: { position: at(5, 1), actions: [{ type: "handoff" }] } },
    { flowStepId: "end", name: tx.end, stepType: "end", flowConfig: { position: at(6, 1) } },
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

const BUILDERS: Record<FlowTemplate, { fields: (tx: TemplateTexts) => TemplateField[]; graph: (tx: TemplateTexts) => FlowGraph }> = {
  blank: { fields: () => [], graph: blank },
  greeting_menu: { fields: () => [], graph: greetingMenu },
  lead_capture: { fields: leadFields, graph: leadCapture },
  booking_request: { fields: bookingFields, graph: bookingRequest },
};

/** The templates' names and descriptions in `lang` (Russian by default). */
export function templateList(lang: TemplateLanguage = "ru"): TemplateInfo[] {
  const tx = TEMPLATE_TEXTS[lang];
  return (Object.keys(BUILDERS) as FlowTemplate[]).map((template) => ({ template, name: tx[template].name, description: tx[template].description }));
}

/** A template with its texts in `lang` (Russian by default). */
export function templateOf(template: FlowTemplate, lang: TemplateLanguage = "ru"): TemplateDef {
  const tx = TEMPLATE_TEXTS[lang];
  const b = BUILDERS[template];
  return {
    template,
    name: tx[template].name,
    description: tx[template].description,
    fields: b.fields(tx),
    fieldDescription: tx.fieldDescription,
    graph: () => b.graph(tx),
  };
}

/**
 * The language a template is written in: the caller's interface language, which the SPA sends as
 * `Accept-Language` with every call (web/lib/api.ts) — the first of ours it names, by preference —
 * else the user's own language setting, else Russian.
 */
export function templateLanguage(acceptLanguage: string | null | undefined, userLanguage?: string | null): TemplateLanguage {
  return preferredLanguage(acceptLanguage, TEMPLATE_LANGUAGES) ?? (isTemplateLanguage(userLanguage) ? userLanguage : "ru");
}
