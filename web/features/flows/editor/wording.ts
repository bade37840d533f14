import type { TFunction } from "i18next";
import { ISSUE_CODES, type FlowStep } from "@worker/features/flows/contract";
import type { EditorIssue } from "../issues";
import { stepOutputs, type StepOutput } from "../steps";

/** What an output is called on the node: the button's or option's text, "Условие 2", "Иначе", "Нет ответа"… */
export function outputLabel(t: TFunction<"flows">, step: FlowStep, o: StepOutput) {
  if (o.kind === "button" || o.kind === "option") return o.label || t("outputs.untitled");
  if (o.kind === "branch") return t("outputs.branch", { n: o.label.replace(/\D+/g, "") });
  if (o.kind !== "next") return t(`outputs.${o.kind}`);
  if (step.stepType === "message") return t("outputs.otherAnswer");
  if (step.stepType === "question") return t("outputs.answered");
  if (step.stepType === "ai") return t("outputs.goal");
  return t("outputs.next");
}

const KNOWN = new Set<string>(ISSUE_CODES);

/**
 * An issue in the interface language, from its code and values: the step's current name (from the
 * editor's graph, else the issue's `params.step`), the output's name as the node shows it (else
 * `params.output`), the field key. The worker's Russian `message` stays the answer for what cannot
 * be worded here: a refused save's field message (code `invalid`), an unknown code, missing values.
 */
export function issueText(t: TFunction<"flows">, issue: EditorIssue, step: FlowStep | undefined): string {
  if (!KNOWN.has(issue.code)) return issue.message;
  if (issue.code === "noStart") return t("issues.noStart");
  if (issue.code === "multipleStarts") return t("issues.multipleStarts");
  const p = issue.params ?? {};
  const name = step ? step.name.trim() : p.step?.trim();
  if (name === undefined) return issue.message;
  const at = name ? t("issues.stepNamed", { name }) : t("issues.stepUntitled");
  switch (issue.code) {
    case "deadEnd": {
      const o = step && issue.handle ? stepOutputs(step).find((x) => x.id === issue.handle) : undefined;
      const output = o && step ? outputLabel(t, step, o) : p.output;
      return output === undefined ? issue.message : t("issues.deadEnd", { step: at, output });
    }
    case "missingField":
      return p.key === undefined ? issue.message : t("issues.missingField", { step: at, key: p.key });
    default:
      return t(`issues.${issue.code as "unreachable" | "unknownOutput" | "duplicateOutput" | "missingTag" | "missingAssistant" | "missingFlow"}`, { step: at });
  }
}
