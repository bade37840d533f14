import type { ApiResponse } from "@/lib/api-types";
import type { Assistant } from "@worker/features/assistants/assistants.service";

/** Shapes of the assistants API, declared once by the worker (never hand-copied). */
export type { Assistant, AssistantTemplate, TemplateTag } from "@worker/features/assistants/assistants.service";
export type AssistantModel = Assistant["model"];
export type AssistantLanguage = Assistant["language"];
export type ModelInfo = ApiResponse<"/assistants/model-info">;
export type ToolInfo = ApiResponse<"/assistants/tools">["data"][number];

export const MODELS: AssistantModel[] = ["gpt-4.1-mini", "gpt-4.1-nano", "gpt-4o-mini"];
export const LANGUAGES: AssistantLanguage[] = ["ru", "en", "ar", "fr"];
/** The tool the model calls to hand a thread to an operator (worker/ai/tools.ts). */
export const HANDOFF_TOOL = "handoff_to_operator";
