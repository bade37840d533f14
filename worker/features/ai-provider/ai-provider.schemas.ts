import { z } from "zod";
import { checkOutboundUrl, normalizeBaseUrl, OUTBOUND_URL_MESSAGES } from "../../lib/outbound-url";
import { modelId } from "../assistants/assistants.schemas";

/** Base URL rules depend on the environment (http only in development), so the schema is built per request. */
export function baseUrlSchema(development: boolean) {
  return z
    .string("Укажите адрес провайдера")
    .trim()
    .min(1, "Укажите адрес провайдера")
    .max(500, "Адрес не длиннее 500 символов")
    .transform(normalizeBaseUrl)
    .superRefine((url, ctx) => {
      const problem = checkOutboundUrl(url, { development });
      if (problem) ctx.addIssue({ code: "custom", message: OUTBOUND_URL_MESSAGES[problem] });
    });
}

const apiKey = z
  .string("Введите ключ API")
  .trim()
  .min(1, "Введите ключ API")
  .max(500, "Ключ API не длиннее 500 символов")
  .regex(/^[\x21-\x7e]+$/, "Ключ API: латинские буквы, цифры и знаки, без пробелов");

export function saveProviderSchema(development: boolean) {
  return z.object({ baseUrl: baseUrlSchema(development), apiKey: apiKey.optional() });
}
export type SaveProviderInput = z.output<ReturnType<typeof saveProviderSchema>>;

/** Without baseUrl and apiKey the saved provider is checked; with them, an unsaved one. */
export function checkProviderSchema(development: boolean) {
  return z.object({ baseUrl: baseUrlSchema(development).optional(), apiKey: apiKey.optional(), model: modelId.optional() });
}
export type CheckProviderInput = z.output<ReturnType<typeof checkProviderSchema>>;
