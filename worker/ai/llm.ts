import OpenAI, { APIConnectionError, APIError } from "openai";
import type { ChatCompletionCreateParamsBase, ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import type { Env } from "../env";

/**
 * The LLM client: the `openai` SDK against any OpenAI-compatible endpoint (OPENAI_BASE_URL).
 * The SDK's own retries are off: we retry here so that every attempt is logged, `retry-after` is
 * honoured up to a bound, and a longer wait is handed back to the queue instead of holding a worker.
 */
export const MODELS = ["gpt-4.1-mini", "gpt-4.1-nano", "gpt-4o-mini"] as const;

/** Clients by endpoint and key: one per isolate, not one per request (the client keeps no request state). */
const clients = new Map<string, OpenAI>();

export function llmClient(env: Env): OpenAI {
  const apiKey = env.OPENAI_API_KEY || "demo-model-no-key";
  const key = `${env.OPENAI_BASE_URL}\n${apiKey}`;
  let client = clients.get(key);
  if (!client) {
    client = new OpenAI({ apiKey, baseURL: env.OPENAI_BASE_URL, maxRetries: 0, timeout: 60_000 });
    if (clients.size > 20) clients.clear();
    clients.set(key, client);
  }
  return client;
}

export function isDemoModel(env: Env): boolean {
  return env.DEMO_MODEL === "1" || env.DEMO_MODEL === "true";
}

export interface ToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

export interface ChatResult {
  content: string | null;
  toolCalls: ToolCall[];
  finishReason: string | null;
  usage: { promptTokens: number; completionTokens: number; totalTokens: number };
  /** When the answer arrived (ms), for the pipeline figures. */
  receivedAt: number;
  /** When the (last, successful) request was sent. */
  sentAt: number;
  attempts: number;
}

export interface ChatRequest {
  model: string;
  messages: ChatCompletionMessageParam[];
  tools?: ChatCompletionTool[];
  toolChoice?: "auto" | "none";
  temperature?: number;
  maxTokens?: number;
}

/** A failure that retrying does not fix (400, 401, 404, …) or that outlived its retries. */
export class LlmError extends Error {
  constructor(
    message: string,
    public readonly status: number | undefined,
    public readonly transient: boolean,
    /** For a transient failure: how long the server asked us to wait (ms), if it did. */
    public readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
  /** Waits longer than this are not slept in-process: the error is thrown with `retryAfterMs` for the queue. */
  maxInlineWaitMs: number;
}

export function retryPolicy(env: Env): RetryPolicy {
  const base = Number((env as unknown as Record<string, string | undefined>).AI_RETRY_BASE_MS ?? "");
  return { maxRetries: 4, baseDelayMs: Number.isFinite(base) && base > 0 ? base : 500, maxInlineWaitMs: 20_000 };
}

export function retryAfterMs(headers: Headers | undefined): number | undefined {
  if (!headers) return undefined;
  const ms = Number(headers.get("retry-after-ms"));
  if (headers.get("retry-after-ms") && Number.isFinite(ms) && ms >= 0) return ms;
  const ra = headers.get("retry-after");
  if (!ra) return undefined;
  const secs = Number(ra);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const date = Date.parse(ra);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

function classify(e: unknown): LlmError {
  if (e instanceof LlmError) return e;
  if (e instanceof APIError && e.status !== undefined) {
    const transient = e.status === 408 || e.status === 409 || e.status === 429 || e.status >= 500;
    const msg = (e.error as { message?: string } | undefined)?.message ?? e.message;
    return new LlmError(`Модель ответила ошибкой ${e.status}: ${msg}`, e.status, transient, retryAfterMs(e.headers));
  }
  if (e instanceof APIConnectionError) return new LlmError(`Модель недоступна: ${e.message}`, undefined, true);
  return new LlmError(`Ошибка запроса к модели: ${e instanceof Error ? e.message : String(e)}`, undefined, false);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One chat completion with retries: 429/5xx/connection errors are retried with exponential backoff
 * (full jitter), or exactly after `retry-after` when the server sends one.
 * `onDelta` switches to streaming and receives the text as it arrives.
 */
export async function chatCompletion(env: Env, req: ChatRequest, opts: { onDelta?: (text: string) => void; onRequest?: (at: number) => void; policy?: RetryPolicy } = {}): Promise<ChatResult> {
  const client = llmClient(env);
  const policy = opts.policy ?? retryPolicy(env);
  const body: ChatCompletionCreateParamsBase = {
    model: req.model,
    messages: req.messages,
    ...(req.tools?.length ? { tools: req.tools, tool_choice: req.toolChoice ?? "auto" } : {}),
    ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
    ...(req.maxTokens ? { max_tokens: req.maxTokens } : {}),
  };
  for (let attempt = 0; ; attempt++) {
    const sentAt = Date.now();
    opts.onRequest?.(sentAt);
    try {
      const r = opts.onDelta ? await streamOnce(client, body, opts.onDelta) : await createOnce(client, body);
      return { ...r, sentAt, attempts: attempt + 1 };
    } catch (e) {
      const err = classify(e);
      if (!err.transient || attempt >= policy.maxRetries) throw err;
      const backoff = Math.round(policy.baseDelayMs * 2 ** attempt * (0.5 + Math.random() / 2));
      const wait = err.retryAfterMs ?? backoff;
      if (wait > policy.maxInlineWaitMs) throw err;
      console.log(JSON.stringify({ level: "warn", msg: "llm retry", status: err.status, attempt: attempt + 1, waitMs: wait }));
      await sleep(wait);
    }
  }
}

async function createOnce(client: OpenAI, body: ChatCompletionCreateParamsBase): Promise<Omit<ChatResult, "sentAt" | "attempts">> {
  const res = await client.chat.completions.create({ ...body, stream: false });
  const receivedAt = Date.now();
  const choice = res.choices?.[0];
  if (!choice) throw new LlmError("Модель вернула пустой ответ", 502, true);
  const toolCalls: ToolCall[] = (choice.message.tool_calls ?? [])
    .filter((t) => t.type === "function")
    .map((t) => ({ id: t.id, type: "function", function: { name: (t as ToolCall).function.name, arguments: (t as ToolCall).function.arguments ?? "" } }));
  return {
    content: choice.message.content ?? null,
    toolCalls,
    finishReason: choice.finish_reason ?? null,
    usage: {
      promptTokens: res.usage?.prompt_tokens ?? 0,
      completionTokens: res.usage?.completion_tokens ?? 0,
      totalTokens: res.usage?.total_tokens ?? 0,
    },
    receivedAt,
  };
}

async function streamOnce(client: OpenAI, body: ChatCompletionCreateParamsBase, onDelta: (text: string) => void): Promise<Omit<ChatResult, "sentAt" | "attempts">> {
  const stream = await client.chat.completions.create({ ...body, stream: true, stream_options: { include_usage: true } });
  let content = "";
  let finishReason: string | null = null;
  const calls: ToolCall[] = [];
  const usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
  for await (const chunk of stream) {
    if (chunk.usage) {
      usage.promptTokens = chunk.usage.prompt_tokens ?? 0;
      usage.completionTokens = chunk.usage.completion_tokens ?? 0;
      usage.totalTokens = chunk.usage.total_tokens ?? 0;
    }
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    if (choice.finish_reason) finishReason = choice.finish_reason;
    const d = choice.delta;
    if (d?.content) {
      content += d.content;
      onDelta(d.content);
    }
    for (const tc of d?.tool_calls ?? []) {
      const slot = (calls[tc.index] ??= { id: "", type: "function", function: { name: "", arguments: "" } });
      if (tc.id) slot.id = tc.id;
      if (tc.function?.name) slot.function.name += tc.function.name;
      if (tc.function?.arguments) slot.function.arguments += tc.function.arguments;
    }
  }
  return { content: content || null, toolCalls: calls.filter(Boolean), finishReason, usage, receivedAt: Date.now() };
}
