// Seed of the flow runtime's counts: the last 7 days of the demo's published flows, per step
// (entered, completed, dropped) and per flow (started, completed), so the flows list shows its
// 7-day columns and the editor its per-step counts. Deterministic; INSERT OR IGNORE on
// (flow, step, day): a second run the same day changes nothing.
import { SEEDED_FLOWS } from "./seed-flows.mjs";

const ACCOUNT = "00000000demoaccount"; // DEMO_ACCOUNT_ID of seed.mjs

export function flowRunsSeed(now, q) {
  const out = [];
  for (const [k, f] of SEEDED_FLOWS.entries()) {
    if (!f.versions) continue;
    for (let d = 0; d < 7; d++) {
      const day = new Date(now - d * 86_400_000).toISOString().slice(0, 10);
      const started = 14 + ((d * 7 + k * 5) % 11);
      const row = (step, entered, completed, dropped) =>
        out.push(`INSERT OR IGNORE INTO flow_step_stats (account_id, flow_id, step_id, day, entered, completed, dropped) VALUES (${q(ACCOUNT)}, ${q(f.id)}, ${q(step)}, ${q(day)}, ${entered}, ${completed}, ${dropped});`);
      let reached = started;
      let dropped = 0;
      f.graph.steps.forEach((s, i) => {
        if (s.stepType === "start") return row(s.flowStepId, started, started, 0);
        const entered = Math.max(1, reached - (i % 3));
        const lost = i % 4 === 2 ? 1 : 0;
        dropped += lost;
        row(s.flowStepId, entered, entered - lost, lost);
        reached = entered;
      });
      row("", started, Math.max(0, started - dropped - 2), 0);
    }
  }
  return out;
}
