import { buttonLines } from "../button-lines";
import { checkAnswer, choiceOf, fieldValueFor, type QuestionKind } from "./answers";
import { bookingAnswer, bookingChoice, type BookingOutcome, enterBooking } from "./booking-step";
import { conditionHandle, type Rule } from "./conditions";
import type { Effect, FlowButton, RtGraph, RtStep, RunView, TurnContext, TurnInput, TurnResult, Wait } from "./types";

/** A turn enters at most this many steps (a loop of steps without a wait ends the run). */
export const MAX_STEPS_PER_TURN = 50;
const UNIT_SECONDS = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 } as const;

/** `{{name}}`, `{{<custom field key>}}` and `{{var.<name>}}` filled from the conversation. */
export function renderText(text: string, ctx: TurnContext, vars: Record<string, string>): string {
  return text.replace(/\{\{\s*([A-Za-z0-9_.]+)\s*\}\}/g, (_, key: string) => {
    if (key.startsWith("var.")) return vars[key.slice(4)] ?? "";
    if (key === "name") return ctx.contact.name;
    if (key === "phone") return ctx.contact.phone ?? "";
    if (key === "username") return ctx.contact.platformUsername ?? "";
    const v = ctx.contact.fields[key];
    return v === undefined ? "" : Array.isArray(v) ? v.join(", ") : String(v);
  });
}

/**
 * A message with buttons: Telegram gets an inline keyboard (reply buttons send `fl:<id>` back);
 * elsewhere the reply buttons become a numbered list whose digits count as choices, links a line each.
 */
export function buttonsMessage(stepId: string, text: string, buttons: FlowButton[], ctx: TurnContext): Extract<Effect, { type: "send" }> {
  if (!buttons.length) return { type: "send", stepId, text };
  const meta = buttons.map((b) => (b.url ? { label: b.label, url: b.url } : { label: b.label, data: `fl:${b.id}`.slice(0, 64) }));
  if (ctx.nativeButtons) return { type: "send", stepId, text, buttons: meta };
  return { type: "send", stepId, text: `${text}\n\n${buttonLines(buttons).join("\n")}`, buttons: meta };
}

interface Walk {
  graph: RtGraph;
  ctx: TurnContext;
  run: RunView;
  effects: Effect[];
  entered: number;
}

function stepOf(graph: RtGraph, id: string | null): RtStep | undefined {
  return id ? graph.steps.find((s) => s.flowStepId === id) : undefined;
}

function end(w: Walk, reason: "completed" | "loop" | "invalid" | "goto", dropAt?: string) {
  if (dropAt) w.effects.push({ type: "stat", stepId: dropAt, kind: "dropped" });
  w.run = { ...w.run, status: "ended", wait: null, endReason: reason };
  w.effects.push({ type: "event", flowEvent: "ended", reason });
}

/** Leaves the current step by `handle`: the connected step is entered; an open output ends the flow. */
function follow(w: Walk, from: RtStep, handle: string) {
  w.effects.push({ type: "stat", stepId: from.flowStepId, kind: "completed" });
  const t = w.graph.transitions.find((x) => x.fromStepId === from.flowStepId && x.sourceHandle === handle);
  const next = t ? stepOf(w.graph, t.toStepId) : undefined;
  if (!next) return end(w, "completed");
  enter(w, next);
}

function enter(w: Walk, step: RtStep) {
  if (++w.entered > MAX_STEPS_PER_TURN) return end(w, "loop", step.flowStepId);
  w.run = { ...w.run, stepId: step.flowStepId, stepName: step.name, status: "running", wait: null, retries: 0 };
  w.effects.push({ type: "stat", stepId: step.flowStepId, kind: "entered" });
  if (step.stepType !== "start") w.effects.push({ type: "event", flowEvent: "step", stepId: step.flowStepId, stepName: step.name, stepType: step.stepType });
  const handler = STEP_HANDLERS[step.stepType];
  if (!handler) return end(w, "invalid", step.flowStepId);
  handler(w, step, step.flowConfig);
}

type StepHandler = (w: Walk, step: RtStep, cfg: Record<string, unknown>) => void;

/** The booking step's outcome (booking-step.ts): its sends (slots as buttons), then its wait or its output. */
function applyBooking(w: Walk, step: RtStep, o: BookingOutcome) {
  for (const s of o.sends) w.effects.push(buttonsMessage(step.flowStepId, renderText(s.text, w.ctx, o.vars ?? w.run.vars), s.slots ?? [], w.ctx));
  w.effects.push(...o.effects);
  if (o.vars) w.run = { ...w.run, vars: o.vars };
  if (o.follow) return follow(w, step, o.follow);
  if (o.wait) w.run = { ...w.run, status: "waiting", wait: o.wait, retries: o.retries ?? w.run.retries };
}

const STEP_HANDLERS: Record<string, StepHandler> = {
  start: (w, step) => follow(w, step, "next"),
  message: (w, step, cfg) => {
    const buttons = ((cfg.buttons as FlowButton[] | undefined) ?? []).slice(0, 10);
    const send = buttonsMessage(step.flowStepId, renderText(String(cfg.text ?? ""), w.ctx, w.run.vars), buttons, w.ctx);
    if (cfg.media && typeof (cfg.media as { key?: unknown }).key === "string") send.media = cfg.media as never;
    w.effects.push(send);
    const replies = buttons.filter((b) => !b.url);
    if (!replies.length) return follow(w, step, "next");
    w.run = { ...w.run, status: "waiting", wait: { kind: "choice", stepId: step.flowStepId, buttons: replies.map((b) => ({ id: b.id, label: b.label })) } };
  },
  question: (w, step, cfg) => {
    const options = (cfg.options as { id: string; label: string }[] | undefined) ?? [];
    const text = renderText(String(cfg.text ?? ""), w.ctx, w.run.vars);
    w.effects.push(cfg.kind === "choice" ? buttonsMessage(step.flowStepId, text, options, w.ctx) : { type: "send", stepId: step.flowStepId, text });
    w.run = { ...w.run, status: "waiting", wait: { kind: "question", stepId: step.flowStepId } };
  },
  condition: (w, step, cfg) => follow(w, step, conditionHandle((cfg.rules as Rule[] | undefined) ?? [], w.ctx, w.run.vars)),
  // The assistant answers the customer's next messages (the runner reads the step from the run's wait).
  ai: (w, step, cfg) => {
    w.run = { ...w.run, status: "waiting", wait: { kind: "ai", stepId: step.flowStepId, turns: 0, assistantId: String(cfg.assistantId ?? ""), instructions: String(cfg.instructions ?? "") } };
  },
  action: (w, step, cfg) => {
    for (const action of (cfg.actions as { type: string }[] | undefined) ?? []) w.effects.push({ type: "action", stepId: step.flowStepId, action });
    follow(w, step, "next");
  },
  delay: (w, step, cfg) => {
    const unit = UNIT_SECONDS[cfg.unit as keyof typeof UNIT_SECONDS] ?? 60;
    const seconds = Math.max(1, Math.min(Number(cfg.amount) || 1, 365) * unit);
    const dueAt = w.ctx.now + seconds * 1000;
    const key = `${step.flowStepId}:${dueAt}`;
    w.run = { ...w.run, status: "waiting", wait: { kind: "delay", stepId: step.flowStepId, dueAt, key } };
    w.effects.push({ type: "delay", stepId: step.flowStepId, dueAt, key });
  },
  goto: (w, step, cfg) => {
    w.effects.push({ type: "stat", stepId: step.flowStepId, kind: "completed" });
    w.effects.push({ type: "goto", flowId: String(cfg.flowId ?? "") });
    w.run = { ...w.run, status: "ended", wait: null, endReason: "goto" };
    w.effects.push({ type: "event", flowEvent: "ended", reason: "goto" });
  },
  end: (w, step) => {
    w.effects.push({ type: "stat", stepId: step.flowStepId, kind: "completed" });
    end(w, "completed");
  },
  booking: (w, step) => applyBooking(w, step, enterBooking(step, w.ctx)),
};

/** A customer's message while the run waits for a choice or an answer. */
function answer(w: Walk, wait: Wait, input: Extract<TurnInput, { kind: "message" }>) {
  const step = stepOf(w.graph, wait.stepId);
  if (!step) return end(w, "invalid");
  if (wait.kind === "choice") {
    const hit = choiceOf(wait.buttons, input.text, input.buttonData);
    return follow(w, step, hit ? `button:${hit.id}` : "next");
  }
  const cfg = step.flowConfig;
  const kind = (cfg.kind as QuestionKind | undefined) ?? "text";
  const checked = checkAnswer(kind, input.text, (cfg.options as { id: string; label: string }[] | undefined) ?? [], input.buttonData, w.ctx);
  let error = checked.ok ? null : checked.error;
  const saveTo = cfg.saveTo as { kind: "field"; key: string } | { kind: "variable"; name: string } | undefined;
  let value = checked.ok ? checked.value : null;
  if (checked.ok && saveTo?.kind === "field") {
    const def = w.ctx.fieldDefs.get(saveTo.key);
    const typed = def ? fieldValueFor(def, checked.value, w.ctx.timezone) : { ok: true as const, value: checked.value };
    if (typed.ok) value = typed.value ?? checked.value;
    else error = typed.error;
  }
  if (error !== null || value === null) {
    const retries = w.run.retries + 1;
    if (retries > Math.max(0, Number(cfg.maxRetries ?? 2))) return follow(w, step, "noAnswer");
    w.run = { ...w.run, retries };
    w.effects.push({ type: "send", stepId: step.flowStepId, text: String(cfg.errorText ?? "").trim() || error || "Не получилось разобрать ответ" });
    return;
  }
  if (saveTo?.kind === "field") {
    w.effects.push({ type: "saveField", key: saveTo.key, value });
    w.ctx.contact.fields[saveTo.key] = value;
  } else if (saveTo?.kind === "variable") w.run = { ...w.run, vars: { ...w.run.vars, [saveTo.name]: Array.isArray(value) ? value.join(", ") : String(value) } };
  follow(w, step, kind === "choice" && checked.ok && checked.optionId ? `option:${checked.optionId}` : "next");
}

/**
 * One turn of a run: the input (its start, a customer's message, a delay's timer, the assistant's
 * reply under an AI step) moves it through as many steps as need no answer, and the turn returns
 * the run as it rests and the effects to commit. Pure: it reads only the graph and the context.
 */
export function advance(graph: RtGraph, run: RunView, input: TurnInput, ctx: TurnContext): TurnResult {
  const w: Walk = { graph, ctx, run, effects: [], entered: 0 };
  const wait = run.wait;
  let passToAssistant = false;
  if (input.kind === "start") {
    const start = graph.steps.find((s) => s.stepType === "start");
    w.effects.push({ type: "event", flowEvent: "started" }, { type: "stat", stepId: "", kind: "entered" });
    if (!start) end(w, "invalid");
    else enter(w, start);
  } else if (input.kind === "message") {
    if (wait?.kind === "choice" || wait?.kind === "question") answer(w, wait, input);
    else if (wait?.kind === "booking") {
      const step = stepOf(graph, wait.stepId);
      const o = step ? bookingChoice(step, wait, input, run.retries, ctx) : null;
      if (!step || !o) return { run, effects: [], passToAssistant: false, changed: false };
      applyBooking(w, step, o);
    }    else if (wait?.kind === "ai") {
      // The assistant answers this message; the turn only counts it.
      w.run = { ...w.run, wait: { ...wait, turns: wait.turns + 1 } };
      passToAssistant = true;
    } else return { run, effects: [], passToAssistant: false, changed: false };
  } else if (input.kind === "timer") {
    if (wait?.kind !== "delay" || wait.key !== input.key) return { run, effects: [], passToAssistant: false, changed: false };
    const step = stepOf(graph, wait.stepId);
    if (!step) end(w, "invalid");
    else follow(w, step, "next");
  } else if (input.kind === "booking") {
    const step = wait?.kind === "booking" ? stepOf(graph, wait.stepId) : undefined;
    const o = step && wait?.kind === "booking" ? bookingAnswer(step, wait, input.key, input.result, run.vars, ctx) : null;
    if (!step || !o) return { run, effects: [], passToAssistant: false, changed: false };
    applyBooking(w, step, o);
  } else {
    if (wait?.kind !== "ai") return { run, effects: [], passToAssistant: false, changed: false };
    const step = stepOf(graph, wait.stepId);
    if (!step) end(w, "invalid");
    else {
      const goal = String(step.flowConfig.goalPhrase ?? "").trim().toLocaleLowerCase("ru");
      const reached = (goal && input.text.toLocaleLowerCase("ru").includes(goal)) || wait.turns >= Math.max(1, Number(step.flowConfig.maxTurns ?? 5));
      if (!reached) return { run, effects: [], passToAssistant: false, changed: false };
      follow(w, step, "next");
    }
  }
  if (w.run.status === "ended" && (w.run.endReason === "completed" || w.run.endReason === "goto")) w.effects.push({ type: "stat", stepId: "", kind: "completed" });
  // A customer's message the turn answered with nothing (it ended the run, or brought it to an AI
  // step, without a send) is not swallowed: the assistant answers it, as the AI step's first turn or
  // as any message after the run. A goto leaves it to the flow it starts.
  if ((input.kind === "message" || input.kind === "start") && !passToAssistant && !w.effects.some((e) => e.type === "send")) {
    const rest = w.run.wait;
    if (w.run.status === "ended" && w.run.endReason !== "goto") passToAssistant = true;
    else if (w.run.status === "waiting" && rest?.kind === "ai") {
      w.run = { ...w.run, wait: { ...rest, turns: rest.turns + 1 } };
      passToAssistant = true;
    }
  }
  return { run: w.run, effects: w.effects, passToAssistant, changed: true };
}

/**
 * Which keyword triggers of published flows a customer's message may start while this run waits
 * (the running run then ends as replaced): none when the message answers the wait (a button of a
 * run, a choice by its label or number, a slot); only the exact keywords while it answers a
 * question (its text is the answer); otherwise (an AI step, a choice it did not pick, a delay) any
 * keyword of another flow, and an exact one of the running flow (which starts it over).
 */
export function keywordsDuringRun(graph: RtGraph, wait: Wait | null, text: string, buttonData: string | null): "none" | "exact" | "any" {
  if (buttonData?.startsWith("fl:")) return "none";
  if (wait?.kind === "choice") return choiceOf(wait.buttons, text, null) ? "none" : "any";
  if (wait?.kind === "booking") return wait.phase === "choose" && choiceOf(wait.slots, text, null) ? "none" : "any";
  if (wait?.kind === "question") {
    const cfg = stepOf(graph, wait.stepId)?.flowConfig ?? {};
    if (cfg.kind === "choice" && choiceOf((cfg.options as { id: string; label: string }[] | undefined) ?? [], text, null)) return "none";
    return "exact";
  }
  return "any";
}
