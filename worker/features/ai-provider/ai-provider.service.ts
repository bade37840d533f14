import { desc, eq } from "drizzle-orm";
import { chatCompletion, classify, LlmError, type LlmProvider, MODELS } from "../../ai/llm";
import { getDb, schema } from "../../db/client";
import type { AiProvider } from "../../db/schema/ai-providers";
import type { Env } from "../../env";
import { decryptSecret, encryptSecret } from "../../lib/crypto";
import { AppError, badRequest } from "../../lib/errors";
import type { CheckProviderInput, SaveProviderInput } from "./ai-provider.schemas";

/** A check answers within about this long even when the provider hangs. */
const CHECK_TIMEOUT_MS = 10_000;
/** A provider may list thousands of models (OpenRouter); the editor's list keeps the first ones. */
const MAX_LISTED_MODELS = 500;

function sealingKey(env: Env): string {
  if (!env.ENCRYPTION_KEY) throw new AppError(503, "ENCRYPTION_NOT_CONFIGURED", "Хранение ключей не настроено на сервере. Обратитесь к администратору платформы.");
  return env.ENCRYPTION_KEY;
}

export function publicProvider(row: AiProvider | undefined) {
  if (!row) return { configured: false as const, baseUrl: null, keySet: false, keyLast4: null, models: null, modelsCheckedAt: null, updatedAt: null };
  return {
    configured: true as const,
    baseUrl: row.baseUrl,
    keySet: true,
    keyLast4: row.keyHint,
    models: row.models ?? null,
    modelsCheckedAt: row.modelsCheckedAt ?? null,
    updatedAt: row.updatedAt,
  };
}

export async function findProviderRow(env: Env, accountId: string): Promise<AiProvider | undefined> {
  return getDb(env.DB).select().from(schema.aiProviders).where(eq(schema.aiProviders.accountId, accountId)).get();
}

export async function getProvider(env: Env, accountId: string) {
  return publicProvider(await findProviderRow(env, accountId));
}

// Decrypted keys by sealed value: a turn should not pay an AES-GCM decryption each time.
const opened = new Map<string, string>();

/** The provider a row stands for, its key unsealed. A key that no longer opens is the team's to fix in the settings. */
export async function providerFromRow(env: Env, row: AiProvider): Promise<LlmProvider> {
  let apiKey = opened.get(row.apiKeySealed);
  if (apiKey === undefined) {
    try {
      apiKey = await decryptSecret(row.apiKeySealed, sealingKey(env));
    } catch {
      throw new LlmError("Не удалось прочитать сохранённый ключ AI-провайдера: сохраните ключ заново в настройках аккаунта", undefined, false, undefined, "KEY_UNREADABLE");
    }
    if (opened.size >= 200) opened.clear();
    opened.set(row.apiKeySealed, apiKey);
  }
  return { baseUrl: row.baseUrl, apiKey, accountId: row.accountId };
}

/** The provider the account's assistants talk to: its own when set, else undefined (the platform's). */
export async function accountProvider(env: Env, accountId: string): Promise<LlmProvider | undefined> {
  const row = await findProviderRow(env, accountId);
  return row ? providerFromRow(env, row) : undefined;
}

export async function saveProvider(env: Env, accountId: string, userId: string, input: SaveProviderInput) {
  const existing = await findProviderRow(env, accountId);
  // A saved key is only ever sent to the address it was saved for: otherwise changing the address
  // would hand the key to whoever runs the new one.
  if (!input.apiKey) {
    if (!existing) throw badRequest("Введите ключ API", "VALIDATION_ERROR", { fields: { apiKey: ["Введите ключ API"] } });
    if (existing.baseUrl !== input.baseUrl) {
      const msg = "Адрес провайдера изменился: введите ключ API заново";
      throw badRequest(`Проверьте введённые данные — apiKey: ${msg}`, "VALIDATION_ERROR", { fields: { apiKey: [msg] } });
    }
  }
  const now = Date.now();
  const sealed = input.apiKey ? await encryptSecret(input.apiKey, sealingKey(env)) : existing!.apiKeySealed;
  const keyHint = input.apiKey ? input.apiKey.slice(-4) : existing!.keyHint;
  const provider: LlmProvider = { baseUrl: input.baseUrl, apiKey: input.apiKey ?? (await providerFromRow(env, existing!)).apiKey, accountId };
  // The model list is refreshed with every save (best effort: a provider that is down does not block saving).
  const listed = await listModels(provider, 5_000).catch(() => null);
  const models = listed?.kind === "list" ? listed.models : listed?.kind === "none" ? null : (existing?.baseUrl === input.baseUrl ? (existing.models ?? null) : null);
  const row: AiProvider = {
    accountId,
    baseUrl: input.baseUrl,
    apiKeySealed: sealed,
    keyHint,
    models,
    modelsCheckedAt: listed && listed.kind !== "failed" ? now : (existing?.baseUrl === input.baseUrl ? (existing.modelsCheckedAt ?? null) : null),
    updatedBy: userId,
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
  };
  const { accountId: _a, createdAt: _c, ...changes } = row;
  await getDb(env.DB).insert(schema.aiProviders).values(row).onConflictDoUpdate({ target: schema.aiProviders.accountId, set: changes });
  return publicProvider(row);
}

export async function deleteProvider(env: Env, accountId: string) {
  const gone = await getDb(env.DB).delete(schema.aiProviders).where(eq(schema.aiProviders.accountId, accountId)).returning({ accountId: schema.aiProviders.accountId });
  return gone.length > 0;
}

type Listing = { kind: "list"; models: string[] } | { kind: "none" } | { kind: "failed"; error: LlmError };

/**
 * GET {base}/models. 404/405 (and a 200 that is not a list) mean the provider has no list, which
 * is not a failure; a rejected key or an unreachable host is.
 */
async function listModels(p: LlmProvider, timeoutMs: number): Promise<Listing> {
  const host = safeHost(p.baseUrl);
  let res: Response;
  try {
    res = await fetch(`${p.baseUrl}/models`, { headers: { authorization: `Bearer ${p.apiKey}`, accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    const timeout = e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError");
    return {
      kind: "failed",
      error: timeout
        ? new LlmError(`Провайдер ${host} не ответил за ${Math.round(timeoutMs / 1000)} секунд`, undefined, true, undefined, "TIMEOUT")
        : new LlmError(`Не удалось подключиться к провайдеру ${host}: адрес недоступен`, undefined, true, undefined, "UNREACHABLE"),
    };
  }
  if (res.status === 401 || res.status === 403) {
    await res.body?.cancel();
    return { kind: "failed", error: new LlmError(`Провайдер отклонил ключ API (${res.status}): проверьте ключ`, res.status, false, undefined, "KEY_REJECTED") };
  }
  if (!res.ok) {
    await res.body?.cancel();
    return { kind: "none" };
  }
  const body = (await res.json().catch(() => null)) as { data?: unknown } | null;
  if (!body || !Array.isArray(body.data)) return { kind: "none" };
  const ids = body.data
    .map((m) => (m && typeof m === "object" && typeof (m as { id?: unknown }).id === "string" ? (m as { id: string }).id : null))
    .filter((id): id is string => !!id && id.length <= 100);
  return { kind: "list", models: [...new Set(ids)].sort((a, b) => a.localeCompare(b)).slice(0, MAX_LISTED_MODELS) };
}

function safeHost(baseUrl: string) {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

export interface CheckResult {
  ok: boolean;
  /** The provider's models, or null when it has no /models. */
  models: string[] | null;
  /** The model the test completion asked for. */
  model: string | null;
  latencyMs: number;
  code?: string;
  message: string;
  /** Values the SPA puts into its translation of `code`. */
  params?: Record<string, string | number>;
}

/**
 * "Проверить подключение": the model list where the provider has one, then one tiny completion
 * (max_tokens 1). The outcome is a sentence either way; a failed check is a result, not an error.
 */
export async function checkProvider(env: Env, accountId: string, input: CheckProviderInput): Promise<CheckResult> {
  const existing = await findProviderRow(env, accountId);
  let provider: LlmProvider;
  let saved = false;
  if (!input.baseUrl && !input.apiKey) {
    if (!existing) throw badRequest("Сначала укажите адрес и ключ API провайдера", "PROVIDER_NOT_CONFIGURED", { fields: { baseUrl: ["Укажите адрес провайдера"] } });
    provider = await providerFromRow(env, existing);
    saved = true;
  } else {
    const baseUrl = input.baseUrl ?? existing?.baseUrl;
    if (!baseUrl) throw badRequest("Проверьте введённые данные — baseUrl: Укажите адрес провайдера", "VALIDATION_ERROR", { fields: { baseUrl: ["Укажите адрес провайдера"] } });
    let apiKey = input.apiKey;
    // As when saving: the saved key goes only to the address it was saved for.
    if (!apiKey) {
      if (!existing || existing.baseUrl !== baseUrl) {
        const msg = existing ? "Адрес провайдера изменился: введите ключ API заново" : "Введите ключ API";
        throw badRequest(`Проверьте введённые данные — apiKey: ${msg}`, "VALIDATION_ERROR", { fields: { apiKey: [msg] } });
      }
      apiKey = (await providerFromRow(env, existing)).apiKey;
    }
    provider = { baseUrl, apiKey, accountId };
    saved = !!existing && existing.baseUrl === baseUrl && !input.apiKey;
  }
  const started = Date.now();
  const host = safeHost(provider.baseUrl);
  const listing = await listModels(provider, CHECK_TIMEOUT_MS);
  const result = (r: Omit<CheckResult, "latencyMs" | "models">): CheckResult => ({ ...r, models: listing.kind === "list" ? listing.models : null, latencyMs: Date.now() - started });
  if (listing.kind === "failed") return result({ ok: false, model: null, code: listing.error.code, message: listing.error.message, params: { host } });
  const listed = listing.kind === "list" ? listing.models : [];
  // Test the model the account's assistants ask for when the provider has it (that is what will
  // be called), else a default it lists, else its first one.
  const used = (
    await getDb(env.DB)
      .select({ model: schema.assistants.model })
      .from(schema.assistants)
      .where(eq(schema.assistants.accountId, accountId))
      .orderBy(desc(schema.assistants.updatedAt))
      .limit(20)
      .all()
  ).map((a) => a.model);
  const model =
    input.model ??
    (listing.kind === "list" ? (used.find((m) => listed.includes(m)) ?? MODELS.find((m) => listed.includes(m)) ?? listed[0]) : used[0]) ??
    MODELS[0];
  let out: CheckResult;
  try {
    await chatCompletion(
      env,
      { model, messages: [{ role: "user", content: "ping" }], maxTokens: 1, temperature: 0 },
      { provider, timeoutMs: CHECK_TIMEOUT_MS, policy: { maxRetries: 0, baseDelayMs: 0, maxInlineWaitMs: 0 } },
    );
    out = result({ ok: true, model, message: listing.kind === "list" ? `Подключение работает: модель ${model} ответила, провайдер предлагает моделей: ${listing.models.length}` : `Подключение работает: модель ${model} ответила (список моделей провайдер не отдаёт)` , params: { host, model, count: listed.length } });
  } catch (e) {
    const err = e instanceof LlmError ? e : classify(e, { provider, model });
    out = result({ ok: false, model, code: err.code, message: err.message, params: { host, model, status: err.status ?? 0 } });
  }
  if (saved && existing) {
    await getDb(env.DB)
      .update(schema.aiProviders)
      .set({ models: listing.kind === "list" ? listing.models : null, modelsCheckedAt: Date.now() })
      .where(eq(schema.aiProviders.accountId, accountId));
  }
  return out;
}

/** What the assistant editor needs: is the platform's demo model answering, and which models the account's provider lists. */
export async function modelInfo(env: Env, accountId: string | null, demo: boolean) {
  const row = accountId ? await findProviderRow(env, accountId) : undefined;
  return {
    demo: demo && !row,
    models: MODELS,
    defaultModel: MODELS[0],
    provider: row ? { custom: true as const, host: safeHost(row.baseUrl), models: row.models ?? [] } : { custom: false as const, host: null, models: [] as string[] },
  };
}
