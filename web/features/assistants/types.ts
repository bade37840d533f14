import type { ApiResponse } from "@/lib/api-types";
import type { Assistant } from "@worker/features/assistants/assistants.service";

/** Shapes of the assistants API, declared once by the worker (never hand-copied). */
export type { Assistant, AssistantTemplate, TemplateTag } from "@worker/features/assistants/assistants.service";
export type AssistantModel = Assistant["model"];
export type AssistantLanguage = Assistant["language"];
export type ModelInfo = ApiResponse<"/assistants/model-info">;
export type ToolInfo = ApiResponse<"/assistants/tools">["data"][number];

/** The models offered by default (§3); any other id of the account's provider may be typed in. */
export const MODELS: AssistantModel[] = ["gpt-4.1-mini", "gpt-4.1-nano", "gpt-4o-mini"];
/** The server's rule for a model id (worker/features/assistants/assistants.schemas.ts). */
export const MODEL_ID_RE = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$/;
export const LANGUAGES: AssistantLanguage[] = ["ru", "en", "ar", "fr"];
/** The tool the model calls to hand a thread to an operator (worker/ai/tools.ts). */
export const HANDOFF_TOOL = "handoff_to_operator";
