/**
 * The fault-injection seam (test-only, off in production; the one place that decides whether a named
 * point throws). Code on an exactly-once path calls `faultPoint(env, "<point>")` at the instant where
 * a crash would hurt most; the exactly-once suite (tests/worker/exactly-once/) arms a point and checks
 * that redelivery and retry still leave one stored message, one reply, one send, one ledger row.
 *
 * It is live only when ENVIRONMENT is "development" AND FAULT_INJECTION is "1" (set by the worker test
 * config and by `npm run bench exactly-once`; never by wrangler.toml or `npm start`). Otherwise every
 * call returns at once.
 *
 * Two ways to arm it:
 * - tests: `armFault(point, { times, skip })` in the same isolate (vitest-pool-workers runs the tests,
 *   the Worker, its Durable Objects and its queue consumers in one isolate, so this module is shared);
 * - the benchmark: FAULT_RATE (0..1) with FAULT_POINTS (comma-separated, default all) throws at random.
 */

/** Every point the seam knows. Add a point here before calling it. */
export const FAULT_POINTS = [
  /** Ingest: the transaction that stores an incoming message committed; the queue message is not acked yet. */
  "ingest.afterCommit",
  /** Inbound consumer: every stage ran (stored, pushed, after-effects, states); the queue messages are not acked yet. */
  "inbound.beforeAck",
  /** Assistant runner: the model answered; the reply has not been committed. */
  "runner.afterModel",
  /** Outbound sender: the messenger accepted the send; its delivery state is not written yet. */
  "sender.afterAccepted",
  /** Broadcasts: a recipient's send was queued; the broadcast's progress is not advanced yet. */
  "broadcast.afterRecipient",
  /** Flows: a step's send was queued; the run has not advanced. */
  "flow.afterSendQueued",
  /** Billing: a payment notification was verified; its ledger row is not written yet. */
  "billing.afterVerified",
  /** Outgoing webhooks: the receiver answered 2xx; the attempt is not logged yet. */
  "webhook.afterDelivered",
] as const;

export type FaultPointName = (typeof FAULT_POINTS)[number];

/** What the seam throws; consumers treat it like any crash (no catch may swallow it as "handled"). */
export class InjectedFault extends Error {
  constructor(readonly point: FaultPointName) {
    super(`injected fault at ${point}`);
    this.name = "InjectedFault";
  }
}

interface Arming {
  /** Calls to let through before throwing. */
  skip: number;
  /** Throws left. */
  times: number;
}

const armed = new Map<FaultPointName, Arming>();
const hits = new Map<FaultPointName, number>();

/** Arms a point: after `skip` passing calls, the next `times` calls throw (defaults: skip 0, times 1). */
export function armFault(point: FaultPointName, opts: { times?: number; skip?: number } = {}): void {
  armed.set(point, { skip: opts.skip ?? 0, times: opts.times ?? 1 });
}

/** Disarms every point and clears the counters (call in afterEach). */
export function resetFaults(): void {
  armed.clear();
  hits.clear();
}

/** How many times a point threw since the last reset (so a test can prove its crash happened). */
export function faultsThrown(point: FaultPointName): number {
  return hits.get(point) ?? 0;
}

interface FaultEnv {
  ENVIRONMENT?: string;
  FAULT_INJECTION?: string;
  FAULT_RATE?: string;
  FAULT_POINTS?: string;
}

function enabled(env: FaultEnv): boolean {
  return env.ENVIRONMENT === "development" && env.FAULT_INJECTION === "1";
}

function randomHit(env: FaultEnv, point: FaultPointName): boolean {
  const rate = Number(env.FAULT_RATE ?? 0);
  if (!(rate > 0)) return false;
  const only = env.FAULT_POINTS?.split(",").map((s) => s.trim()).filter(Boolean);
  if (only && only.length > 0 && !only.includes(point)) return false;
  return Math.random() < rate;
}

/** Throws InjectedFault when the point is armed (tests) or drawn (benchmark); a no-op otherwise. */
export function faultPoint(env: FaultEnv, point: FaultPointName): void {
  if (!enabled(env)) return;
  const arming = armed.get(point);
  let fire = false;
  if (arming) {
    if (arming.skip > 0) arming.skip--;
    else if (arming.times > 0) {
      arming.times--;
      fire = true;
      if (arming.times === 0) armed.delete(point);
    }
  } else fire = randomHit(env, point);
  if (!fire) return;
  hits.set(point, (hits.get(point) ?? 0) + 1);
  throw new InjectedFault(point);
}
