/**
 * The runtime's own stamps for the benchmark (bench/flow-runtime.mjs, through GET /api/dev/flow-timings
 * with ENVIRONMENT=development): when the incoming message's commit returned and when the flow's
 * sends were on the outbound queue, both on the worker's clock. The last 5 000 turns of the isolate.
 */
export interface FlowTiming {
  key: string;
  committedAt: number;
  enqueuedAt: number;
}

const ring: FlowTiming[] = [];

export function noteTiming(t: FlowTiming): void {
  ring.push(t);
  if (ring.length > 5000) ring.splice(0, ring.length - 5000);
}

export function flowTimings(): FlowTiming[] {
  return ring.slice();
}
