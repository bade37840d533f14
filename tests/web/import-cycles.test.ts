import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No import circle in worker/, web/ or durable-objects/. A circle makes the load order decide
 * what a module sees at start-up, and it ties folders together that should depend one way. Only
 * imports that stay at run time count: `import type` and imports whose every name is a type are
 * erased by the compiler.
 */
const root = join(__dirname, "..", "..");
const ALIASES: [string, string][] = [["@/", "web/"], ["@worker/", "worker/"], ["@do/", "durable-objects/"]];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  const alias = ALIASES.find(([a]) => spec.startsWith(a));
  const base = alias ? join(root, alias[1], spec.slice(alias[0].length)) : spec.startsWith(".") ? join(dirname(from), spec) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The run-time imports and re-exports of one source file. */
export function runtimeImports(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const specs: string[] = [];
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const clause = st.importClause;
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) specs.push(st.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) && !st.isTypeOnly) {
      specs.push(st.moduleSpecifier.text);
    }
  }
  return specs;
}

export function findCycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    state.set(node, 1);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 1) cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 2);
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

describe("import circles", () => {
  it("the finder sees a circle, and type-only imports do not make one", () => {
    expect(runtimeImports("a.ts", `import type { X } from "./b";\nimport { type Y } from "./c";\nimport { z } from "./d";\nexport * from "./e";\nexport type { W } from "./f";`)).toEqual(["./d", "./e"]);
    expect(findCycles(new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", ["a"]]]))).toEqual([["a", "b", "c", "a"]]);
  });

  it("no module of worker/, web/ or durable-objects/ imports itself through others", () => {
    const files = ["worker", "web", "durable-objects"].flatMap((d) => sources(join(root, d)));
    const graph = new Map(files.map((f) => [f, runtimeImports(f, readFileSync(f, "utf8")).flatMap((s) => resolve(f, s) ?? [])]));
    const cycles = findCycles(graph).map((c) => c.map((f) => relative(root, f)).join(" → "));
    expect(cycles).toEqual([]);
  }, 60_000); // parses every source file: seconds, more on a loaded machine
});
