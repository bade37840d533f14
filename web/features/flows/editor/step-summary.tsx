import { useTranslation } from "react-i18next";
import type { FlowStep, Trigger } from "@worker/features/flows/contract";
import { useTriggerText } from "../components/trigger-summary";

type Cfg = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : "");

/** One line under a node's name: the message's text, the question's kind, the delay, the triggers… */
export function useStepSummary(step: FlowStep): string {
  const { t } = useTranslation("flows");
  const trigger = useTriggerText();
  const c = step.flowConfig as Cfg;
  switch (step.stepType) {
    case "start":
      return ((c.triggers as Trigger[] | undefined) ?? []).map(trigger).join("; ");
    case "message":
    case "question":
      return str(c.text);
    case "condition":
      return t("summary.rules", { count: Array.isArray(c.rules) ? c.rules.length : 0 });
    case "ai":
      return str(c.instructions) || str(c.goalPhrase);
    case "action":
      return (Array.isArray(c.actions) ? (c.actions as Array<{ type: string }>) : []).map((a) => t(`actionTypes.${a.type}`)).join(", ");
    case "booking":
      return t("summary.booking", { count: Number(c.slots) || 0, days: Number(c.days) || 0 });
    case "delay":
      return t(`summary.delay.${str(c.unit) || "minutes"}`, { count: Number(c.amount) || 0 });
    default:
      return "";
  }
}
