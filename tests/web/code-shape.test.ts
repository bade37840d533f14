import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The project's rule: no function in worker/ or web/ spans more than 120 lines. Every kind counts
 * (declaration, expression, arrow, method), nested ones too, measured from the first line of the
 * function to its last, both included.
 */
const MAX_LINES = 120;
const root = join(__dirname, "..", "..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

function functionName(node: ts.FunctionLikeDeclaration): string {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  return "(anonymous)";
}

/** `file:line name length` of every function in the source longer than `max` lines. */
export function longFunctions(file: string, text: string, max = MAX_LINES): string[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const length = last - first + 1;
      if (length > max) found.push(`${file}:${first + 1} ${functionName(node)} ${length}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const body = (lines: number) => Array.from({ length: lines - 2 }, (_, i) => `  const v${i} = ${i};`).join("\n");

// Parsing every source file takes seconds, and more on a loaded machine than vitest's 5 s default.
const TREE_SCAN_TIMEOUT = 60_000;

describe("code shape", () => {
  it("measures every kind of function, nested ones included", () => {
    const text = [
      `export function declared() {\n${body(121)}\n}`,
      `const arrow = () => {\n${body(121)}\n};`,
      `const expression = function () {\n${body(121)}\n};`,
      `class Holder {\n  method() {\n${body(121)}\n  }\n}`,
      `function fits() {\n${body(120)}\n}`,
      `function outer() {\n  const inner = () => {\n${body(121)}\n  };\n}`,
    ].join("\n");
    const names = longFunctions("sample.ts", text).map((row) => row.split(" ")[1]);
    expect(names).toEqual(["declared", "arrow", "expression", "method", "outer", "inner"]);
    expect(longFunctions("sample.ts", text)[0]).toBe("sample.ts:1 declared 121");
  });

  it(`no function in worker/ or web/ is longer than ${MAX_LINES} lines`, () => {
    const long = ["worker", "web"].flatMap((dir) => sources(join(root, dir)).flatMap((file) => longFunctions(relative(root, file), readFileSync(file, "utf8"))));
    expect(long, `functions over ${MAX_LINES} lines:\n${long.join("\n")}`).toEqual([]);
  }, TREE_SCAN_TIMEOUT);
});
