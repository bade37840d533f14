import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every action the worker writes into the administrators' audit log has a label in the admin
 * locales the log is read in (Russian and English): without one the log shows the raw code
 * ("invoice.mark_paid"). The actions are read from the worker's auditStatement calls: a literal
 * ("plan.create", either branch of a conditional) or a template over a table's keys
 * (`payout.${move}` over MOVES).
 */
const ROOT = join(__dirname, "..", "..");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.ts$/.test(name) ? [path] : [];
  });
}

function auditedActions(): Set<string> {
  const out = new Set<string>();
  for (const file of files(join(ROOT, "worker"))) {
    const src = readFileSync(file, "utf8");
    for (let at = src.indexOf("auditStatement("); at >= 0; at = src.indexOf("auditStatement(", at + 1)) {
      const action = /action: ([^,]+),/.exec(src.slice(at, at + 600))?.[1];
      if (!action) continue;
      for (const m of action.matchAll(/"([a-z_]+\.[a-z_]+)"/g)) out.add(m[1]!);
      const template = /`([a-z_]+)\.\$\{(\w+)\}`/.exec(action);
      if (template) {
        // The keys of the table the template's value is a key of (`const MOVES: Record<…> = { approve: …, paid: … }`).
        const table = /const (\w+): Record<([^>]*)>/.exec(src);
        const keys = table ? [...table[2]!.matchAll(/"([a-z_]+)"/g)].map((k) => k[1]!) : [];
        expect(keys.length, `${file}: the keys of ${template[2]}`).toBeGreaterThan(0);
        for (const k of keys) out.add(`${template[1]}.${k}`);
      }
    }
  }
  return out;
}

describe("the audit log's action labels", () => {
  const actions = auditedActions();

  it("finds the actions the worker writes", () => {
    for (const a of ["plan.create", "plan.delete", "plan.archive", "balance.adjust", "invoice.mark_paid", "payout.paid"]) expect(actions).toContain(a);
  });

  for (const lang of ["ru", "en"]) {
    it(`labels every action in ${lang}`, () => {
      const labels = JSON.parse(readFileSync(join(ROOT, "web", "locales", lang, "admin.json"), "utf8")).audit.actions as Record<string, string>;
      expect([...actions].filter((a) => !labels[a]?.trim())).toEqual([]);
    });
  }
});
