import type { TFunction } from "i18next";
import { z } from "zod";
import { LANGUAGES, MODEL_ID_RE, type AssistantLanguage } from "./types";

const modelId = (t: TFunction<"assistants">) =>
  z.string().trim().min(1, t("validation.modelRequired")).max(100, t("validation.modelMax")).regex(MODEL_ID_RE, t("validation.modelFormat"));

/** The editor's form: the same limits as the server (worker/features/assistants/assistants.schemas.ts). */
export function assistantFormSchema(t: TFunction<"assistants">) {
  const int = (min: number, max: number, msg: string) =>
    z.number(t("validation.integer")).int(t("validation.integer")).min(min, msg).max(max, msg);
  return z.object({
    name: z.string().trim().min(1, t("validation.nameRequired")).max(100, t("validation.nameMax")),
    model: modelId(t),
    language: z.enum(LANGUAGES as [AssistantLanguage, ...AssistantLanguage[]]),
    isActive: z.boolean(),
    temperature: z.number(t("validation.temperature")).min(0, t("validation.temperature")).max(2, t("validation.temperature")),
    maxReplyTokens: int(50, 4000, t("validation.maxReplyTokens")),
    instructions: z.string().max(20_000, t("validation.instructionsMax")),
    greeting: z.string().max(1000, t("validation.greetingMax")),
    knowledge: z.string().max(50_000, t("validation.knowledgeMax")),
    tools: z.array(z.string()),
    // An assistant's own switch (templates have none).
    knowsCatalogue: z.boolean().optional(),
    debounceSeconds: int(0, 60, t("validation.debounce")),
    handoffKeywords: z.array(z.string()).max(30, t("validation.keywordsMax")),
    handoffMessage: z.string().max(500, t("validation.handoffMessageMax")),
  });
}
export type AssistantFormValues = z.output<ReturnType<typeof assistantFormSchema>>;
/** What an assistant and a template share: every field but the active flag (components/assistant-fields.tsx). */
export type AssistantConfigValues = Omit<AssistantFormValues, "isActive">;

/** The administrators' template dialog: the assistant's fields (no active flag) plus the template's own; PATCH /assistants/templates/{id}. */
export function templateFormSchema(t: TFunction<"assistants">) {
  return assistantFormSchema(t)
    .omit({ isActive: true })
    .extend({
      description: z.string().trim().max(1000, t("validation.templateDescriptionMax")),
      tags: z.array(z.string()).max(10, t("validation.tagsMax")),
      isPublished: z.boolean(),
    });
}
export type TemplateFormValues = z.output<ReturnType<typeof templateFormSchema>>;

export function generateSchema(t: TFunction<"assistants">) {
  return z.object({
    description: z.string().trim().min(10, t("validation.descriptionMin")).max(2000, t("validation.descriptionMax")),
    language: z.enum(LANGUAGES as [AssistantLanguage, ...AssistantLanguage[]]),
  });
}

export function createSchema(t: TFunction<"assistants">) {
  return z.object({
    name: z.string().trim().min(1, t("validation.nameRequired")).max(100, t("validation.nameMax")),
    model: modelId(t),
  });
}
