import type { ServerResponse } from "node:http";
// @ts-expect-error — plain ESM script shared with `npm start`; its shapes are checked by the tests that use it.
import { demoReply, writeCompletion } from "../../scripts/demo-model.mjs";
import { type FakeHandler, json, type RecordedRequest, startFake } from "./index";

/**
 * OpenAI-compatible chat completions fake (PROTOCOLS.md), scriptable per test without interfering
 * with tests running in parallel: a test registers a *scope* (a unique token it puts into the
 * customer's message) with the answers it wants; a request whose body contains that token gets the
 * next scripted answer. Requests matching no scope are answered by the deterministic demo model.
 *
 *   POST /__openai/scope { scope, replies: FakeReply[], repeatLast? }
 *   GET  /__openai/requests?scope=…   → the chat requests that contained the token, in order
 *
 * FakeReply: { content } | { toolCalls: [{ id?, name, arguments }] } | { status, body?, headers? }
 * each optionally with `delayMs` (the answer is held that long).
 * `{ hang: true }` starts the answer (status, headers and part of the body: a half JSON object, or
 * one SSE chunk of a stream) and then sends nothing more until the client gives up (at most 60 s).
 */
export interface FakeReply {
  content?: string;
  toolCalls?: { id?: string; name: string; arguments: string }[];
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  hang?: boolean;
}

interface Scope {
  scope: string;
  replies: FakeReply[];
  repeatLast: boolean;
  served: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const openaiHandler: FakeHandler = async (req: RecordedRequest, res: ServerResponse, state) => {
  const scopes = ((state.data.scopes as Scope[] | undefined) ??= []);
  const url = new URL(req.path, "http://x");
  if (url.pathname === "/__openai/scope" && req.method === "POST") {
    const b = req.body as { scope: string; replies: FakeReply[]; repeatLast?: boolean };
    const i = scopes.findIndex((s) => s.scope === b.scope);
    if (i >= 0) scopes.splice(i, 1);
    scopes.push({ scope: b.scope, replies: b.replies ?? [], repeatLast: !!b.repeatLast, served: 0 });
    return json(res, 200, { ok: true });
  }
  if (url.pathname === "/__openai/requests") {
    const scope = url.searchParams.get("scope") ?? "";
    const out = state.requests.filter((r) => r.path.endsWith("/chat/completions") && (!scope || r.rawBody.includes(scope)));
    return json(res, 200, out.map((r) => ({ at: r.at, body: r.body })));
  }
  const path = url.pathname.replace(/^\/v1/, "");
  if (req.method === "GET" && path === "/models") return json(res, 200, { object: "list", data: [{ id: "gpt-4.1-mini", object: "model" }] });
  if (req.method === "POST" && path === "/embeddings") return embeddings(req, res);
  if (req.method !== "POST" || path !== "/chat/completions") return json(res, 404, { error: { message: `Unknown route ${req.path}` } });
  const body = req.body as { messages?: unknown[]; stream?: boolean; model?: string };
  if (!body || typeof body !== "object" || !Array.isArray(body.messages)) {
    return json(res, 400, { error: { message: "'messages' is required", type: "invalid_request_error" } });
  }
  const scope = scopes.find((s) => req.rawBody.includes(s.scope));
  let reply: FakeReply | undefined;
  if (scope) {
    reply = scope.replies[scope.served] ?? (scope.repeatLast ? scope.replies[scope.replies.length - 1] : undefined);
    scope.served++;
  }
  if (reply?.delayMs) await sleep(reply.delayMs);
  if (reply?.status && reply.status !== 200) {
    return json(res, reply.status, reply.body ?? { error: { message: `scripted ${reply.status}`, type: "server_error" } }, reply.headers ?? {});
  }
  if (reply?.hang) return hangMidAnswer(res, !!body.stream);
  const r = reply ?? (demoReply(body) as FakeReply);
  const toolCalls = r.toolCalls?.map((c, i) => ({ id: c.id ?? `call_${Date.now().toString(36)}_${i}`, name: c.name, arguments: c.arguments }));
  await writeCompletion(res, body, { content: r.content, toolCalls });
};

/** A timeout mid-stream: the answer begins, then stalls until the client closes the connection. */
async function hangMidAnswer(res: ServerResponse, stream: boolean) {
  res.writeHead(200, { "content-type": stream ? "text/event-stream" : "application/json" });
  const chunk = { id: "chatcmpl-hang", object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model: "gpt-4.1-mini", choices: [{ index: 0, delta: { role: "assistant", content: "Сейчас" }, finish_reason: null }] };
  res.write(stream ? `data: ${JSON.stringify(chunk)}\n\n` : '{"id":"chatcmpl-hang","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"Сей');
  await new Promise<void>((resolve) => {
    const t = setTimeout(resolve, 60_000);
    res.on("close", () => (clearTimeout(t), resolve()));
  });
  res.end();
}

/**
 * A deterministic stand-in of `/embeddings`: one dimension per concept of a small table (words of
 * one concept share no letters, as a real model's neighbours often do), plus one constant dimension,
 * so "машину" and "стоянка" come out close while sharing no stem.
 */
const CONCEPTS: string[][] = [
  ["парков", "стоянк", "машин", "автомоб", "припарк"],
  ["собак", "кошк", "животн", "питом"],
  ["ребен", "дет", "малыш"],
  ["дожд", "зонт", "погод"],
];

function embeddings(req: RecordedRequest, res: ServerResponse) {
  const body = req.body as { input?: string | string[]; model?: string };
  const inputs = Array.isArray(body?.input) ? body.input : typeof body?.input === "string" ? [body.input] : null;
  if (!inputs) return json(res, 400, { error: { message: "'input' is required", type: "invalid_request_error" } });
  const data = inputs.map((text, index) => {
    const words = text.toLowerCase().match(/[\p{L}]+/gu) ?? [];
    const v = CONCEPTS.map((c) => words.filter((w) => c.some((p) => w.startsWith(p))).length);
    return { object: "embedding", index, embedding: [...v, 0.2] };
  });
  return json(res, 200, { object: "list", data, model: body.model, usage: { prompt_tokens: 1, total_tokens: 1 } });
}

export function startOpenAiFake() {
  return startFake("openai", openaiHandler);
}
