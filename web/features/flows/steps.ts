import type { LucideIcon } from "lucide-react";
import { Bot, CalendarCheck, CircleHelp, Clock, CornerDownRight, Flag, GitBranch, MessageSquareText, Play, Zap } from "lucide-react";
import { stepOutputs as contractOutputs, type FlowStep, type StepType } from "@worker/features/flows/contract";
import { newId } from "@worker/lib/ids";

/** Each step type's look on the canvas and in the palette: an icon and a colour (a Tailwind palette hue). */
export const STEP_LOOK: Record<StepType, { icon: LucideIcon; color: string }> = {
  start: { icon: Play, color: "#16a34a" },
  message: { icon: MessageSquareText, color: "#685be6" },
  question: { icon: CircleHelp, color: "#0284c7" },
  condition: { icon: GitBranch, color: "#d97706" },
  ai: { icon: Bot, color: "#c026d3" },
  action: { icon: Zap, color: "#ea580c" },
  delay: { icon: Clock, color: "#0d9488" },
  goto: { icon: CornerDownRight, color: "#4f46e5" },
  end: { icon: Flag, color: "#dc2626" },
  booking: { icon: CalendarCheck, color: "#be185d" },
};

/** The types the palette offers, in its order (a flow has one start: the palette does not offer it). */
export const PALETTE_TYPES: StepType[] = ["message", "question", "condition", "ai", "action", "delay", "booking", "goto", "end"];

type Cfg = Record<string, unknown>;

/** One output (source handle) of a step: its handle as the contract spells it, its kind and label. */
export interface StepOutput {
  id: string;
  kind: "next" | "button" | "option" | "branch" | "noAnswer" | "else" | "booked" | "failed";
  label: string;
}

/** A step's outputs in the contract's order (its `stepOutputs`), with the kind the canvas draws them by. */
export function stepOutputs(step: FlowStep): StepOutput[] {
  return contractOutputs(step).map((o) => {
    const prefix = o.handle.split(":")[0];
    const kind = prefix === "button" || prefix === "option" || prefix === "branch" || prefix === "noAnswer" || prefix === "else" || prefix === "booked" || prefix === "failed" ? prefix : "next";
    return { id: o.handle, kind, label: o.label };
  });
}

export const shortId = () => newId().slice(-8);

/** What a new step starts from (valid where it can be, so the draft keeps saving): the text comes from the caller. */
export interface StepDefaults {
  text: string;
  assistantId?: string;
  flowId?: string;
}

/** A new step's configuration: what the settings form starts from. */
export function defaultConfig(type: StepType, d: StepDefaults): Cfg {
  switch (type) {
    case "start":
      return { triggers: [{ type: "manual" }] };
    case "message":
      return { text: d.text, buttons: [] };
    case "question":
      return { text: d.text, kind: "text", errorText: "", maxRetries: 2 };
    case "condition":
      return { rules: [{ id: shortId(), source: "channel", op: "equals", value: "TELEGRAM" }] };
    case "ai":
      return { assistantId: d.assistantId ?? "", instructions: "", maxTurns: 10 };
    case "action":
      return { actions: [{ type: "handoff" }] };
    case "delay":
      return { amount: 5, unit: "minutes" };
    case "goto":
      return { flowId: d.flowId ?? "" };
    case "booking":
      return { text: d.text, slots: 6, days: 7, zone: "calendar", bookedText: "", takenText: "", noSlotsText: "", errorText: "", maxRetries: 2 };
    default:
      return {};
  }
}

/** A new step of a type at a position. */
export function newStep(type: StepType, name: string, position: { x: number; y: number }, d: StepDefaults): FlowStep {
  return { flowStepId: newId(), name, stepType: type, flowConfig: { position, ...defaultConfig(type, d) } } as FlowStep;
}
