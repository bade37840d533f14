/**
 * The cost benchmark's meter (bench/cost.mjs; test-only, off in production). When ENVIRONMENT is
 * "development" AND BENCH_METER is "1", `metered(env)` counts what the platform bills per operation:
 * - D1 rows read and written, summed from every result's `meta.rows_read` / `meta.rows_written`.
 *   Drizzle's selects go through `raw()`, which drops the meta, so the count is taken one level down,
 *   on the D1 session every statement of the binding is sent through (`_sendOrThrow` /
 *   `_queryOrThrow` of workerd's d1-api, patched once per isolate): one place sees every query,
 *   batch and `first()` of the Worker, its queue consumers and the room (same isolate locally);
 * - Durable Object requests (every call on a room stub: RPC methods and fetch) and their wall time;
 * - queue messages sent, per producer binding.
 * Otherwise `metered` returns the env untouched. Read and reset through GET/POST /api/dev/meter.
 */
import type { Env } from "../env";

interface Counters {
  d1Queries: number;
  d1RowsRead: number;
  d1RowsWritten: number;
  /** SQL time D1 reports (`meta.duration`, ms): how long the database's one writer was busy. */
  d1Ms: number;
  doRequests: number;
  doWallMs: number;
  queueMessages: Record<string, number>;
  /** Worker invocations (each a billed Workers request): fetch, queue batches, crons. */
  invocations: Record<string, number>;
}

/** Per SQL text: executions, rows read/written and rows returned (to find reads that scan more than they return). */
interface Statement {
  /** The first text seen under this key (the one a plan is explained for). */
  sample: string;
  n: number;
  read: number;
  written: number;
  returned: number;
  ms: number;
}

const fresh = (): Counters => ({ d1Queries: 0, d1RowsRead: 0, d1RowsWritten: 0, d1Ms: 0, doRequests: 0, doWallMs: 0, queueMessages: {}, invocations: {} });
let counters = fresh();
let statements = new Map<string, Statement>();

export function meterSnapshot(): Counters & { statements: (Statement & { sql: string })[] } {
  return { ...counters, queueMessages: { ...counters.queueMessages }, invocations: { ...counters.invocations }, statements: [...statements].map(([, st]) => ({ sql: st.sample, ...st })) };
}

export function meterReset(): void {
  counters = fresh();
  statements = new Map();
}

interface D1Meta {
  rows_read?: number;
  rows_written?: number;
  duration?: number;
}

interface D1Out {
  meta?: D1Meta;
  results?: unknown[] | { rows?: unknown[] };
}

/** A quoted literal that is an id (ours are 16–40 characters of base36, with - or _ at most). */
const ID_LITERAL = /'[0-9a-z_-]{16,40}'/g;

function countResults(sql: unknown, out: unknown): void {
  const texts = Array.isArray(sql) ? sql : [sql];
  (Array.isArray(out) ? out : [out]).forEach((r: D1Out | null, i) => {
    const read = r?.meta?.rows_read ?? 0;
    const written = r?.meta?.rows_written ?? 0;
    const ms = r?.meta?.duration ?? 0;
    counters.d1Queries++;
    counters.d1RowsRead += read;
    counters.d1RowsWritten += written;
    counters.d1Ms += ms;
    const text = String(texts[i] ?? texts[0] ?? "").slice(0, 2000);
    // Statements built with ids as literals (an AI turn's run id, say) are one statement: keyed without them.
    const key = text.replace(ID_LITERAL, "'…'");
    let st = statements.get(key);
    if (!st) {
      if (statements.size >= 1000) return;
      statements.set(key, (st = { sample: text, n: 0, read: 0, written: 0, returned: 0, ms: 0 }));
    }
    st.n++;
    st.read += read;
    st.written += written;
    st.ms += ms;
    st.returned += Array.isArray(r?.results) ? r.results.length : (r?.results?.rows?.length ?? 0);
  });
}

type Send = (...args: unknown[]) => Promise<unknown>;
const patchedSessions = new WeakSet<object>();

/** Patches the prototype that owns the session's send methods (shared by every session of the isolate). */
function meterD1(db: D1Database): void {
  let proto = Object.getPrototypeOf((db as unknown as { alwaysPrimarySession?: object }).alwaysPrimarySession ?? {}) as Record<string, unknown> | null;
  while (proto && !Object.prototype.hasOwnProperty.call(proto, "_sendOrThrow")) proto = Object.getPrototypeOf(proto) as Record<string, unknown> | null;
  if (!proto || patchedSessions.has(proto)) return;
  patchedSessions.add(proto);
  for (const name of ["_sendOrThrow", "_queryOrThrow"]) {
    const original = proto[name] as Send | undefined;
    if (typeof original !== "function") continue;
    proto[name] = async function (this: unknown, ...args: unknown[]) {
      const out = await original.apply(this, args);
      // _sendOrThrow(endpoint, sql | sql[], …); _queryOrThrow({ queries: [{ sql }] }, …)
      const sql = name === "_sendOrThrow" ? args[1] : ((args[0] as { queries?: { sql: string }[] })?.queries ?? []).map((q) => q.sql);
      countResults(sql, out);
      return out;
    };
  }
}

function meterQueue(name: string, q: Queue): Queue {
  const add = (n: number) => (counters.queueMessages[name] = (counters.queueMessages[name] ?? 0) + n);
  return {
    send: (body, opts) => (add(1), q.send(body, opts)),
    sendBatch: (messages, opts) => (add([...messages].length), q.sendBatch(messages, opts)),
    metrics: () => q.metrics(),
  } as Queue;
}

/** A stub whose every method call (RPC or fetch) is one Durable Object request. */
function meterStub<T extends object>(stub: T): T {
  return new Proxy(stub, {
    get(target, prop) {
      const value = Reflect.get(target, prop) as unknown;
      if (typeof value !== "function" || prop === "then") return value;
      return (...args: unknown[]) => {
        const t0 = Date.now();
        counters.doRequests++;
        // Reflect.apply: an RPC method is a proxy on which `.apply` would be one more remote call.
        const out: unknown = Reflect.apply(value as (...a: unknown[]) => unknown, target, args);
        // RPC calls answer an RpcPromise (a thenable, not a Promise): timed through Promise.resolve.
        const thenable = typeof (out as { then?: unknown } | null)?.then === "function";
        return thenable ? Promise.resolve(out).finally(() => (counters.doWallMs += Date.now() - t0)) : out;
      };
    },
  });
}

function meterNamespace<T extends object>(ns: T): T {
  return new Proxy(ns, {
    get(target, prop) {
      const value = Reflect.get(target, prop) as unknown;
      if (typeof value !== "function") return value;
      if (prop === "get" || prop === "getByName") return (...args: unknown[]) => meterStub(Reflect.apply(value as (...a: unknown[]) => object, target, args));
      return (...args: unknown[]) => Reflect.apply(value as (...a: unknown[]) => unknown, target, args);
    },
  });
}

const QUEUES = ["INBOUND_QUEUE", "OUTBOUND_QUEUE", "DLQ", "AI_QUEUE", "WEBHOOKS_QUEUE", "JOBS_QUEUE"] as const;
const meteredEnvs = new WeakMap<Env, Env>();

/** The env the request, batch or cron runs with: counted in the benchmark, untouched otherwise. */
export function metered(env: Env, invocation: "fetch" | "queue" | "scheduled"): Env {
  if (env.ENVIRONMENT !== "development" || env.BENCH_METER !== "1") return env;
  counters.invocations[invocation] = (counters.invocations[invocation] ?? 0) + 1;
  const known = meteredEnvs.get(env);
  if (known) return known;
  meterD1(env.DB);
  const m: Env = { ...env, AccountRoom: meterNamespace(env.AccountRoom) };
  for (const q of QUEUES) if (env[q]) m[q] = meterQueue(q, env[q]);
  meteredEnvs.set(env, m);
  return m;
}
