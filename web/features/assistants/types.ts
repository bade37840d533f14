import type { publicAssistant, publicTemplate } from "@worker/features/assistants/assistants.service";

/** Shapes of the assistants API, taken from the server's serializers (never hand-copied). */
export type Assistant = ReturnType<typeof publicAssistant>;
export type AssistantTemplate = ReturnType<typeof publicTemplate>;
export type AssistantModel = Assistant["model"];
export type AssistantLanguage = Assistant["language"];

export interface ModelInfo {
  demo: boolean;
  models: AssistantModel[];
  defaultModel: AssistantModel;
}

export interface ToolInfo {
  name: string;
  title: string;
  description: string;
  defaultOn: boolean;
}

export interface TemplateTag {
  name: string;
  count: number;
}

export const MODELS: AssistantModel[] = ["gpt-4.1-mini", "gpt-4.1-nano", "gpt-4o-mini"];
export const LANGUAGES: AssistantLanguage[] = ["ru", "en", "ar", "fr"];
/** The tool the model calls to hand a thread to an operator (worker/ai/tools.ts). */
export const HANDOFF_TOOL = "handoff_to_operator";
