import { useEffect, useMemo, useRef } from "react";
import { z } from "zod";
import type { UseFormReturn } from "react-hook-form";
import { flowStepSchema, MAX_STEP_NAME, type FlowStep, type StepType } from "@worker/features/flows/contract";
import { useZodForm } from "@/lib/form";

/** The settings form's values: the step's name and its configuration as the contract types it. */
export type StepFormValues = { name: string; flowConfig: Record<string, unknown> };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type StepForm = UseFormReturn<any, unknown, any>;

/** The contract's schema of one step type's configuration (the same one the API checks). */
function configSchema(type: StepType) {
  const option = flowStepSchema.options.find((o) => o.shape.stepType.value === type);
  return option!.shape.flowConfig;
}

const schemas = new Map<StepType, z.ZodType>();
function stepFormSchema(type: StepType) {
  let s = schemas.get(type);
  if (!s) {
    s = z.object({ name: z.string().trim().max(MAX_STEP_NAME, `Не больше ${MAX_STEP_NAME} символов`), flowConfig: configSchema(type) });
    schemas.set(type, s);
  }
  return s;
}

/**
 * react-hook-form over one step with the contract's zod schema: every change goes to the canvas at
 * once (the graph saves itself after a pause), messages show under the fields as the API would say
 * them. The form shows its problems from the start, so a half-filled step says what is missing.
 */
export function useStepForm(step: FlowStep, onChange: (stepId: string, patch: { name: string; config: Record<string, unknown> }) => void): StepForm {
  const schema = useMemo(() => stepFormSchema(step.stepType), [step.stepType]);
  const form = useZodForm(schema as z.ZodType<StepFormValues, StepFormValues>, { defaultValues: { name: step.name, flowConfig: structuredClone(step.flowConfig) as Record<string, unknown> } });
  const cb = useRef(onChange);
  cb.current = onChange;
  useEffect(() => {
    void form.trigger();
    const sub = form.watch((v) => cb.current(step.flowStepId, { name: String(v.name ?? ""), config: structuredClone(v.flowConfig ?? {}) as Record<string, unknown> }));
    return () => sub.unsubscribe();
  }, [form, step.flowStepId]);
  return form as StepForm;
}

/**
 * Replaces a list item's fields (a trigger, a rule, an action whose kind changed) key by key: a whole
 * item set over a field array's entry is not picked up by its registered fields. Keys the new kind
 * does not have are cleared.
 */
export function replaceItem(form: StepForm, path: string, next: Record<string, unknown>) {
  const current = (form.getValues(path) as Record<string, unknown> | undefined) ?? {};
  for (const key of Object.keys(current)) if (!(key in next)) form.setValue(`${path}.${key}`, undefined);
  for (const [key, value] of Object.entries(next)) form.setValue(`${path}.${key}`, value, { shouldValidate: true });
}
