/**
 * The runtime's view of a flow graph (the shapes of worker/features/flows/contract.ts, read
 * structurally: a stored graph is data, and the runtime keeps going on a step it does not know by
 * ending the run instead of throwing).
 */
export type StepType = "start" | "message" | "question" | "condition" | "ai" | "action" | "delay" | "goto" | "end" | "booking";

export interface RtStep {
  flowStepId: string;
  name: string;
  stepType: StepType;
  flowConfig: Record<string, unknown>;
}
export interface RtTransition {
  flowTransitionId?: string;
  fromStepId: string;
  toStepId: string;
  sourceHandle: string;
}
export interface RtGraph {
  steps: RtStep[];
  transitions: RtTransition[];
}

export type Trigger =
  | { type: "keyword"; match: "exact" | "contains"; keywords: string[]; channels?: string[] }
  | { type: "newContact"; channels?: string[] }
  | { type: "commentKeyword"; match: "exact" | "contains"; keywords: string[]; replyText: string }
  | { type: "broadcastButton" }
  | { type: "manual" }
  | { type: "api" };

export interface FlowButton {
  id: string;
  label: string;
  url?: string;
}

/** What a run waits for (flow_runs.wait). */
export type Wait =
  | { kind: "choice"; stepId: string; buttons: { id: string; label: string }[] }
  | { kind: "question"; stepId: string }
  | { kind: "ai"; stepId: string; turns: number; assistantId: string; instructions: string }
  | { kind: "delay"; stepId: string; dueAt: number; key: string }
  | BookingWait;

/** A free slot the booking step offered: its button id (from the start), its label, its start (UTC ms). */
export interface OfferedSlot {
  id: string;
  label: string;
  start: number;
}

/** The booking step (booking-step.ts): loading the slots, waiting for the choice, or booking the chosen one. */
export interface BookingWait {
  kind: "booking";
  stepId: string;
  phase: "loading" | "choose" | "booking";
  /** Names this step's visit: a result for another visit is stale. */
  key: string;
  slots: OfferedSlot[];
}

/** What the calendar answered the booking step's after-effect (worker/features/google-calendar/flow-booking.ts). */
export type BookingResult =
  | { status: "slots"; slots: OfferedSlot[] }
  | { status: "taken"; slots: OfferedSlot[] }
  | { status: "booked"; bookingId: string; label: string; date: string; local: string }
  | { status: "failed"; reason: "notConnected" | "noSlots" | "failed" };

export type FieldValue = string | number | boolean | string[];

/** Everything a turn may read about the conversation. */
export interface TurnContext {
  now: number;
  timezone: string;
  platform: string;
  /** The channel shows real buttons (Telegram's inline keyboard); elsewhere a numbered list. */
  nativeButtons: boolean;
  contact: { id: string; name: string; platformUsername: string | null; phone: string | null; fields: Record<string, FieldValue>; tags: Set<string> };
  fieldDefs: Map<string, { id: string; type: string; options: string[] }>;
}

export type FlowEvent = "started" | "step" | "ended" | "paused" | "resumed";

export type ActionSpec = { type: string } & Record<string, unknown>;

export type Effect =
  | { type: "send"; stepId: string; text: string; buttons?: { label: string; url?: string; data?: string }[]; media?: { key: string; type: string; fileName?: string; mimeType?: string } }
  /**
   * A system line. `of`: the line is another run's, not the turn's (the run a keyword or an operator
   * replaced, with `replacedBy` the flow that took over and `replacedVia` how: a customer's keyword or
   * an operator's start).
   */
  | { type: "event"; flowEvent: FlowEvent; stepId?: string; stepName?: string; stepType?: StepType; reason?: string; of?: { runId: string; flowId: string; flowName: string }; replacedBy?: string; replacedVia?: "keyword" | "operator" }
  /** `place`: the id and time of the message the action may write (a hand-off note), taken at the commit in the run's order. */
  | { type: "action"; stepId: string; action: ActionSpec; place?: { id: string; at: number } }
  | { type: "saveField"; key: string; value: FieldValue }
  | { type: "delay"; stepId: string; dueAt: number; key: string }
  | { type: "goto"; flowId: string }
  | { type: "booking"; stepId: string; key: string; op: "offer"; count: number; days: number; timezone?: string }
  | { type: "booking"; stepId: string; key: string; op: "book"; start: number; count: number; days: number; timezone?: string }
  | { type: "stat"; stepId: string; kind: "entered" | "completed" | "dropped" };

export interface RunView {
  stepId: string | null;
  stepName: string;
  status: "running" | "waiting" | "paused" | "ended";
  wait: Wait | null;
  vars: Record<string, string>;
  retries: number;
  endReason?: string;
}

export type TurnInput =
  | { kind: "start" }
  | { kind: "message"; text: string; buttonData?: string | null }
  | { kind: "timer"; key: string }
  | { kind: "aiReply"; text: string }
  | { kind: "booking"; key: string; result: BookingResult };

export interface TurnResult {
  run: RunView;
  effects: Effect[];
  /** The incoming message goes on to the assistant (an AI step holds the conversation). */
  passToAssistant: boolean;
  /** The run did something with the input (false: a stale timer, a message it ignores). */
  changed: boolean;
}
