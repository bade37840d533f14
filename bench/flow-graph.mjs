// Flow graph figure (issue 16): what checking a large draft costs. The editor runs validateGraph
// on every change and the server parses the whole graph (flowGraphSchema, zod) and validates it on
// every autosave (PUT …/graph) and publish. Measures both on graphs of 300 and 500 steps (every
// step type, every output connected, references resolved), with zod jitless as the Worker runs it.
// Run: npm run bench -- flow-graph   or   node bench/flow-graph.mjs [--iterations=200]
// Target: parse + validate of 300 steps well under a frame (16 ms) and under the Worker's CPU budget.
import { loadavg } from "node:os";
import { tsImport } from "tsx/esm/api";
import { z } from "zod";

const ITER = Number(process.argv.find((a) => a.startsWith("--iterations="))?.split("=")[1] ?? 200);
const pos = (i) => ({ x: (i % 20) * 240, y: Math.floor(i / 20) * 140 });

/** A step of kind i % 6 whose outputs all lead to the next step. */
function stepAt(i, refs) {
  const id = `s${i}`;
  switch (i % 6) {
    case 0:
      return { flowStepId: id, name: `Сообщение ${i}`, stepType: "message", flowConfig: { position: pos(i), text: "Здравствуйте, {{name}}! Город: {{city}}", buttons: [{ id: "a", label: "Да" }, { id: "b", label: "Нет" }, { id: "u", label: "Сайт", url: "https://example.ru" }] } };
    case 1:
      return { flowStepId: id, name: `Вопрос ${i}`, stepType: "question", flowConfig: { position: pos(i), text: "Ваш телефон?", kind: "phone", errorText: "Не похоже на номер", maxRetries: 2, saveTo: { kind: "field", key: "phone" } } };
    case 2:
      return { flowStepId: id, name: `Условие ${i}`, stepType: "condition", flowConfig: { position: pos(i), rules: [{ id: "r1", source: "tag", op: "has", value: refs.tagIds[0] }, { id: "r2", source: "time", op: "between", value: { from: "09:00", to: "18:00" } }] } };
    case 3:
      return { flowStepId: id, name: `Действие ${i}`, stepType: "action", flowConfig: { position: pos(i), actions: [{ type: "addTag", tagId: refs.tagIds[0] }, { type: "setField", key: "city", value: "Москва" }] } };
    case 4:
      return { flowStepId: id, name: `Пауза ${i}`, stepType: "delay", flowConfig: { position: pos(i), amount: 5, unit: "minutes" } };
    default:
      return { flowStepId: id, name: `ИИ ${i}`, stepType: "ai", flowConfig: { position: pos(i), assistantId: refs.assistantIds[0], instructions: "Помоги", maxTurns: 5 } };
  }
}

function graphOf(n, stepOutputs, refs) {
  const steps = [{ flowStepId: "start", name: "Старт", stepType: "start", flowConfig: { position: pos(0), triggers: [{ type: "keyword", match: "contains", keywords: ["привет"], channels: [] }] } }];
  for (let i = 1; i < n - 1; i++) steps.push(stepAt(i, refs));
  steps.push({ flowStepId: "end", name: "Конец", stepType: "end", flowConfig: { position: pos(n) } });
  const transitions = [];
  for (let i = 0; i < steps.length - 1; i++) {
    for (const o of stepOutputs(steps[i])) transitions.push({ flowTransitionId: `t${i}_${o.handle}`, fromStepId: steps[i].flowStepId, toStepId: steps[i + 1].flowStepId, sourceHandle: o.handle });
  }
  return { steps, transitions };
}

function stats(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { p50: at(0.5), p95: at(0.95), max: s[s.length - 1] };
}
const fmt = (v) => `${v.toFixed(2)} ms`;

function time(fn) {
  for (let i = 0; i < 10; i++) fn();
  const ms = [];
  for (let i = 0; i < ITER; i++) {
    const t = performance.now();
    fn();
    ms.push(performance.now() - t);
  }
  return stats(ms);
}

// The contract as the Worker and the SPA import it (TypeScript loaded through tsx).
const c = await tsImport("../worker/features/flows/contract.ts", import.meta.url);
z.config({ jitless: true });
const refs = { fieldKeys: ["city", "phone"], tagIds: ["tag0000000000000001"], assistantIds: ["asst000000000000001"], flowIds: [] };
console.log(`flow graph checks, ${ITER} iterations each (load ${loadavg()[0].toFixed(2)}, node ${process.version})`);
for (const n of [300, 500]) {
  const graph = graphOf(n, c.stepOutputs, refs);
  const parsed = c.flowGraphSchema.parse(graph);
  const issues = c.validateGraph(parsed, refs);
  if (issues.length) throw new Error(`the bench graph has issues: ${JSON.stringify(issues.slice(0, 3))}`);
  const bytes = Buffer.byteLength(JSON.stringify(graph));
  const parse = time(() => c.flowGraphSchema.parse(graph));
  const validate = time(() => c.validateGraph(parsed, refs));
  const both = time(() => c.validateGraph(c.flowGraphSchema.parse(graph), refs));
  console.log(`  ${n} steps, ${graph.transitions.length} transitions, ${(bytes / 1024).toFixed(0)} KB JSON`);
  console.log(`    parse (zod, jitless)   p50 ${fmt(parse.p50)}  p95 ${fmt(parse.p95)}  max ${fmt(parse.max)}`);
  console.log(`    validateGraph          p50 ${fmt(validate.p50)}  p95 ${fmt(validate.p95)}  max ${fmt(validate.max)}`);
  console.log(`    parse + validate       p50 ${fmt(both.p50)}  p95 ${fmt(both.p95)}  max ${fmt(both.max)}`);
}
