// Seed of the flow runtime's counts: the last 7 days of the demo's published flows, per step
// (entered, completed, dropped) and per flow (started, completed), so the flows list shows its
// 7-day columns and the editor its per-step counts. The runs belong to the conversations of
// seed-analytics.mjs: a customer's message that opens a conversation (the first after a day of
// quiet) now and then starts one flow, which then takes its path through the graph (a button, an
// answer, a branch; some customers leave on the way; a run begun in the last half hour still
// waits). So no flow starts more often than there were conversations that day, in the list, the
// editor and the analytics page alike. Deterministic; INSERT OR IGNORE on (flow, step, day): a
// second run the same day changes nothing, and a live run's counts stay.
import { demoConversations, messagesOf, rand } from "./seed-analytics.mjs";
import { SEEDED_FLOWS } from "./seed-flows.mjs";

const ACCOUNT = "00000000demoaccount"; // DEMO_ACCOUNT_ID of seed.mjs
const DAY = 86_400_000;
/** Share of the opening messages that start each flow (the rest the assistant answers alone). */
const SHARE = { "demo-flow-greeting": 0.3, "demo-flow-consultation": 0.08, "demo-flow-wholesale": 0.06 };
/** Never more runs of one flow a day than this (the old seed's counts, all of 14 and more, are told apart by it). */
const MAX_PER_DAY = 10;

/** The handle a run leaves `step` by, or null when the customer leaves there (the run is dropped). */
function handleOf(step, graph, r) {
  const has = (h) => graph.transitions.some((t) => t.fromStepId === step.flowStepId && t.sourceHandle === h);
  const cfg = step.flowConfig;
  const x = r();
  switch (step.stepType) {
    case "message": {
      const replies = (cfg.buttons ?? []).filter((b) => !b.url);
      if (!replies.length) return "next";
      if (x < 0.08) return null;
      if (x < 0.2) return "next"; // wrote instead of pressing a button
      // The first buttons are pressed most.
      const weights = replies.map((_, i) => 1 / (i + 1));
      let pick = ((x - 0.2) / 0.8) * weights.reduce((a, b) => a + b, 0);
      for (let i = 0; i < replies.length; i++) if ((pick -= weights[i]) < 0) return `button:${replies[i].id}`;
      return `button:${replies[replies.length - 1].id}`;
    }
    case "question":
      return x < 0.1 ? null : x < 0.18 && has("noAnswer") ? "noAnswer" : "next";
    case "condition":
      return x < 0.35 && cfg.rules?.length ? `branch:${cfg.rules[0].id}` : "else";
    case "ai":
      return x < 0.2 ? null : "next";
    case "booking":
      return x < 0.12 ? null : x < 0.3 ? "failed" : "booked";
    default:
      return "next";
  }
}

const WAITS = (step) => ["question", "ai", "booking"].includes(step.stepType) || (step.stepType === "message" && (step.flowConfig.buttons ?? []).some((b) => !b.url));

/** One run through the graph as the runtime counts it (engine.ts): entered, then completed or dropped, per step. */
function walk(graph, r, stillWaiting) {
  const counts = new Map();
  const bump = (id, k) => {
    const c = counts.get(id) ?? { entered: 0, completed: 0, dropped: 0 };
    c[k]++;
    counts.set(id, c);
  };
  let step = graph.steps.find((s) => s.stepType === "start");
  for (let n = 0; step && n < 30; n++) {
    bump(step.flowStepId, "entered");
    if (stillWaiting && WAITS(step)) return { counts, completed: false };
    const handle = handleOf(step, graph, r);
    if (handle === null) {
      bump(step.flowStepId, "dropped");
      return { counts, completed: false };
    }
    bump(step.flowStepId, "completed");
    if (step.stepType === "end") break;
    const to = graph.transitions.find((t) => t.fromStepId === step.flowStepId && t.sourceHandle === handle)?.toStepId;
    step = to ? graph.steps.find((s) => s.flowStepId === to) : undefined; // an open output ends the run, completed
  }
  return { counts, completed: true };
}

/** The flow runs of the last 7 UTC days up to `now`: per flow, day and step ("" for the flow itself). */
export function demoFlowRuns(now) {
  const flows = SEEDED_FLOWS.filter((f) => f.versions && SHARE[f.id]);
  const firstDay = Math.floor(now / DAY) - 6;
  const rows = new Map(); // `${flowId}|${day}|${stepId}` → counts
  const add = (flowId, day, stepId, c) => {
    const key = `${flowId}|${day}|${stepId}`;
    const row = rows.get(key) ?? { flowId, day, stepId, entered: 0, completed: 0, dropped: 0 };
    row.entered += c.entered;
    row.completed += c.completed;
    row.dropped += c.dropped;
    rows.set(key, row);
  };
  const perDay = new Map();
  const lastAt = new Map(); // contact → time of its last message so far (a conversation opens after a day of quiet)
  for (const { dayNum, v, contact } of demoConversations(now)) {
    if (v.start > now) continue;
    const previous = lastAt.get(contact.id);
    for (const m of messagesOf(v)) if (m.at <= now && m.dir !== "system") lastAt.set(contact.id, Math.max(lastAt.get(contact.id) ?? 0, m.at));
    const opens = previous === undefined || v.start - previous >= DAY;
    if (!opens || dayNum < firstDay) continue;
    const r = rand(dayNum * 131 + v.j * 17 + 7);
    const x = r();
    let acc = 0;
    const flow = flows.find((f) => x < (acc += SHARE[f.id]));
    if (!flow) continue;
    const day = new Date(dayNum * DAY).toISOString().slice(0, 10);
    const n = (perDay.get(`${flow.id}|${day}`) ?? 0) + 1;
    if (n > MAX_PER_DAY) continue;
    perDay.set(`${flow.id}|${day}`, n);
    const run = walk(flow.graph, r, now - v.start < 30 * 60_000);
    add(flow.id, day, "", { entered: 1, completed: run.completed ? 1 : 0, dropped: 0 });
    for (const [stepId, c] of run.counts) add(flow.id, day, stepId, c);
  }
  return [...rows.values()];
}

export function flowRunsSeed(now, q) {
  const ids = SEEDED_FLOWS.filter((f) => f.versions).map((f) => q(f.id)).join(", ");
  return [
    // Databases seeded before held counts of their own for these flows (14 to 24 runs of each a day,
    // more than the day's conversations): those days go, and take the counts below.
    `DELETE FROM flow_step_stats WHERE account_id = ${q(ACCOUNT)} AND flow_id IN (${ids})
       AND (flow_id, day) IN (SELECT flow_id, day FROM flow_step_stats WHERE account_id = ${q(ACCOUNT)} AND step_id = '' AND entered > ${MAX_PER_DAY});`,
    ...demoFlowRuns(now).map(
      (r) =>
        `INSERT OR IGNORE INTO flow_step_stats (account_id, flow_id, step_id, day, entered, completed, dropped) VALUES (${q(ACCOUNT)}, ${q(r.flowId)}, ${q(r.stepId)}, ${q(r.day)}, ${r.entered}, ${r.completed}, ${r.dropped});`,
    ),
  ];
}
