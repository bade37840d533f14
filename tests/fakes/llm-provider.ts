import type { ServerResponse } from "node:http";
// @ts-expect-error — plain ESM script shared with `npm start`; its shapes are checked by the tests that use it.
import { demoReply, writeCompletion } from "../../scripts/demo-model.mjs";
import { type FakeHandler, json, type RecordedRequest, startFake } from "./index";

/**
 * A third-party OpenAI-compatible provider (vLLM / LM Studio / OpenRouter style) for an account's
 * own AI provider: its own API key, its own model names, errors worded the way such servers word
 * them. Everything it received is at GET /__requests (with headers, so tests can read Authorization).
 *
 *   {url}/v1         lists its models at GET /models
 *   {url}/nolist/v1  has no GET /models (404), like many self-hosted servers
 *   {url}/slow/v1    answers nothing for 15 s (a hung host)
 *
 * Replies are the demo model's, prefixed with the model id so a test sees who answered.
 */
export const PROVIDER_API_KEY = "sk-prov-test-7788aa1234";
export const PROVIDER_MODELS = ["llama-3.1-8b-instruct", "mistral-small-24b", "qwen2.5-7b-instruct"];

function error(res: ServerResponse, status: number, message: string, type: string, code: string | null) {
  return json(res, status, { error: { message, type, param: null, code } });
}

export const providerHandler: FakeHandler = async (req: RecordedRequest, res) => {
  const url = new URL(req.path, "http://x");
  if (url.pathname.startsWith("/slow/")) {
    await new Promise((r) => setTimeout(r, 15_000).unref());
    if (res.destroyed || res.writableEnded) return;
  }
  const noList = url.pathname.startsWith("/nolist/");
  const path = url.pathname.replace(/^\/(nolist|slow)/, "").replace(/^\/v1/, "");
  if (req.headers.authorization !== `Bearer ${PROVIDER_API_KEY}`) {
    return error(res, 401, "Incorrect API key provided. You can find your API key in your dashboard.", "invalid_request_error", "invalid_api_key");
  }
  if (req.method === "GET" && path === "/models" && !noList) {
    return json(res, 200, { object: "list", data: PROVIDER_MODELS.map((id) => ({ id, object: "model", created: 1_700_000_000, owned_by: "fake-provider" })) });
  }
  if (req.method !== "POST" || path !== "/chat/completions") return error(res, 404, `Not Found: ${req.method} ${url.pathname}`, "not_found", null);
  const body = req.body as { model?: string; messages?: unknown[]; stream?: boolean } | null;
  if (!body || typeof body !== "object" || !Array.isArray(body.messages)) return error(res, 400, "'messages' is a required property", "invalid_request_error", null);
  if (!body.model || !PROVIDER_MODELS.includes(body.model)) {
    return error(res, 404, `The model \`${body.model}\` does not exist or you do not have access to it.`, "invalid_request_error", "model_not_found");
  }
  const reply = demoReply(body) as { content?: string; toolCalls?: { id: string; name: string; arguments: string }[] };
  await writeCompletion(res, body, reply.toolCalls?.length ? reply : { content: `[${body.model}] ${reply.content ?? ""}` });
};

export function startProviderFake() {
  return startFake("llm-provider", providerHandler);
}
