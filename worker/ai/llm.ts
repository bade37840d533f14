import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import type { ChatCompletionChunk, ChatCompletionCreateParamsBase, ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import type { Env } from "../env";

/**
 * The LLM client: the `openai` SDK against any OpenAI-compatible endpoint (OPENAI_BASE_URL, or the
 * account's own provider when it set one).
 * The SDK's own retries are off: we retry here so that every attempt is logged, `retry-after` is
 * honoured up to a bound, and a longer wait is handed back to the queue instead of holding a worker.
 */
/** The models offered by default (§3); any other model id of the provider is accepted too. */
export const MODELS = ["gpt-4.1-mini", "gpt-4.1-nano", "gpt-4o-mini"] as const;

/**
 * Where a request goes: the platform's endpoint, or an account's own provider (settings →
 * AI-провайдер). `accountId` marks the latter, so failures can point at the account's settings.
 */
export interface LlmProvider {
  baseUrl: string;
  apiKey: string;
  accountId?: string;
}

export function platformProvider(env: Env): LlmProvider {
  return { baseUrl: env.OPENAI_BASE_URL, apiKey: env.OPENAI_API_KEY || "demo-model-no-key" };
}

/** Clients by endpoint and key: one per isolate, not one per request (the client keeps no request state). */
const clients = new Map<string, OpenAI>();

export function llmClient(env: Env, provider: LlmProvider = platformProvider(env)): OpenAI {
  const key = `${provider.baseUrl}\n${provider.apiKey}`;
  let client = clients.get(key);
  if (!client) {
    client = new OpenAI({ apiKey: provider.apiKey, baseURL: provider.baseUrl, maxRetries: 0, timeout: 60_000 });
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
    /** What went wrong, for the SPA to translate (KEY_REJECTED, MODEL_UNKNOWN, UNREACHABLE, …). */
    public readonly code: string = "LLM_ERROR",
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

/**
 * How long one request may take, body included (the SDK's own timeout covers a JSON answer to its
 * end but a stream only to its headers; streamOnce enforces it between chunks). AI_TIMEOUT_MS
 * overrides it (the worker tests use a short one for their stalled answers).
 */
export function requestTimeoutMs(env: Env): number {
  const ms = Number((env as unknown as Record<string, string | undefined>).AI_TIMEOUT_MS ?? "");
  return Number.isFinite(ms) && ms > 0 ? ms : 60_000;
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

/** Is this 404 about the model (rather than a wrong base URL)? Providers word it differently. */
function aboutModel(status: number, code: string | undefined, msg: string): boolean {
  return status === 404 && (code === "model_not_found" || /model/i.test(msg));
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/**
 * Turns an SDK failure into an LlmError whose message is a sentence for the team (it ends up in
 * the thread's system note and in the settings' connection check), with a machine code beside it.
 */
export function classify(e: unknown, ctx: { provider?: LlmProvider; model?: string } = {}): LlmError {
  if (e instanceof LlmError) return e;
  const own = !!ctx.provider?.accountId;
  const host = ctx.provider ? hostOf(ctx.provider.baseUrl) : "";
  if (e instanceof APIError && e.status !== undefined) {
    const status = e.status;
    const transient = status === 408 || status === 409 || status === 429 || status >= 500;
    const err = e.error as { message?: string; code?: string } | undefined;
    const msg = err?.message ?? e.message;
    const ra = retryAfterMs(e.headers);
    if (status === 401 || status === 403) {
      return new LlmError(
        own ? `Провайдер отклонил ключ API (${status}): проверьте ключ в настройках AI-провайдера аккаунта` : `Модель отклонила ключ API платформы (${status})`,
        status,
        false,
        undefined,
        "KEY_REJECTED",
      );
    }
    if (aboutModel(status, err?.code, msg)) {
      return new LlmError(`Провайдер не знает модель «${ctx.model ?? "?"}»: выберите другую модель в настройках ассистента`, status, false, undefined, "MODEL_UNKNOWN");
    }
    if (status === 404 || status === 405) {
      return new LlmError(`По адресу ${host} нет API чат-завершений (${status}): проверьте базовый URL, обычно он оканчивается на /v1`, status, false, undefined, "NOT_FOUND");
    }
    if (status === 429) return new LlmError(`Провайдер ограничил число запросов или закончилась квота (429): ${msg}`, status, true, ra, "RATE_LIMITED");
    return new LlmError(`Модель ответила ошибкой ${status}: ${msg}`, status, transient, ra, status >= 500 ? "PROVIDER_ERROR" : "REQUEST_REJECTED");
  }
  if (e instanceof APIConnectionTimeoutError) {
    return new LlmError(own ? `Провайдер ${host} не ответил вовремя` : `Модель не ответила вовремя`, undefined, true, undefined, "TIMEOUT");
  }
  if (e instanceof APIConnectionError) {
    return new LlmError(own ? `Не удалось подключиться к провайдеру ${host}: адрес недоступен` : `Модель недоступна: ${e.message}`, undefined, true, undefined, "UNREACHABLE");
  }
  return new LlmError(
    own ? `Провайдер ${host} ответил не как OpenAI-совместимый API` : `Ошибка запроса к модели: ${e instanceof Error ? e.message : String(e)}`,
    undefined,
    false,
    undefined,
    "BAD_RESPONSE",
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One chat completion with retries: 429/5xx/connection errors are retried with exponential backoff
 * (full jitter), or exactly after `retry-after` when the server sends one.
 * `onDelta` switches to streaming and receives the text as it arrives.
 */
export async function chatCompletion(
  env: Env,
  req: ChatRequest,
  opts: { onDelta?: (text: string) => void; onRequest?: (at: number) => void; policy?: RetryPolicy; provider?: LlmProvider; timeoutMs?: number } = {},
): Promise<ChatResult> {
  const provider = opts.provider ?? platformProvider(env);
  const client = llmClient(env, provider);
  const reqOpts = { timeout: opts.timeoutMs ?? requestTimeoutMs(env) };
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
      const r = opts.onDelta ? await streamOnce(client, body, opts.onDelta, reqOpts) : await createOnce(client, body, reqOpts);
      return { ...r, sentAt, attempts: attempt + 1 };
    } catch (e) {
      const err = classify(e, { provider, model: req.model });
      if (!err.transient || attempt >= policy.maxRetries) throw err;
      const backoff = Math.round(policy.baseDelayMs * 2 ** attempt * (0.5 + Math.random() / 2));
      const wait = err.retryAfterMs ?? backoff;
      if (wait > policy.maxInlineWaitMs) throw err;
      console.log(JSON.stringify({ level: "warn", msg: "llm retry", status: err.status, attempt: attempt + 1, waitMs: wait }));
      await sleep(wait);
    }
  }
}

type RequestOpts = { timeout: number };

async function createOnce(client: OpenAI, body: ChatCompletionCreateParamsBase, reqOpts: RequestOpts): Promise<Omit<ChatResult, "sentAt" | "attempts">> {
  const res = await client.chat.completions.create({ ...body, stream: false }, reqOpts);
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

async function streamOnce(client: OpenAI, body: ChatCompletionCreateParamsBase, onDelta: (text: string) => void, reqOpts: RequestOpts): Promise<Omit<ChatResult, "sentAt" | "attempts">> {
  const stream = await client.chat.completions.create({ ...body, stream: true, stream_options: { include_usage: true } }, reqOpts);
  // The SDK's timeout ends with the headers: a stream that stalls afterwards is cut here.
  let stalled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = true;
      stream.controller.abort();
    }, reqOpts.timeout);
  };
  arm();
  // Text already went to the listener (the test chat shows it as it comes): a retry would repeat it.
  const cut = () => new LlmError("Модель перестала отвечать посреди ответа (тайм-аут)", undefined, false, undefined, "TIMEOUT");
  try {
    const r = await readStream(stream, onDelta, arm);
    // The SDK ends an aborted stream's iteration quietly: what came so far is not an answer.
    if (stalled) throw cut();
    return r;
  } catch (e) {
    throw stalled ? cut() : e;
  } finally {
    clearTimeout(timer);
  }
}

async function readStream(
  stream: AsyncIterable<ChatCompletionChunk>,
  onDelta: (text: string) => void,
  onChunk: () => void,
): Promise<Omit<ChatResult, "sentAt" | "attempts">> {
  let content = "";
  let finishReason: string | null = null;
  const calls: ToolCall[] = [];
  const usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
  for await (const chunk of stream) {
    onChunk();
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
