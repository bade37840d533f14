import type { modelInfo } from "@worker/features/ai-provider/ai-provider.service";
import type { publicAssistant, publicTemplate } from "@worker/features/assistants/assistants.service";

/** Shapes of the assistants API, taken from the server's serializers (never hand-copied). */
export type Assistant = ReturnType<typeof publicAssistant>;
export type AssistantTemplate = ReturnType<typeof publicTemplate>;
export type AssistantModel = Assistant["model"];
export type AssistantLanguage = Assistant["language"];

/** GET /assistants/model-info[?accountId=]: the default models, the demo flag and the account provider's models. */
export type ModelInfo = Awaited<ReturnType<typeof modelInfo>>;

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

/** The models offered by default (§3); any other id of the account's provider may be typed in. */
export const MODELS: AssistantModel[] = ["gpt-4.1-mini", "gpt-4.1-nano", "gpt-4o-mini"];
/** The server's rule for a model id (worker/features/assistants/assistants.schemas.ts). */
export const MODEL_ID_RE = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$/;
export const LANGUAGES: AssistantLanguage[] = ["ru", "en", "ar", "fr"];
/** The tool the model calls to hand a thread to an operator (worker/ai/tools.ts). */
export const HANDOFF_TOOL = "handoff_to_operator";
