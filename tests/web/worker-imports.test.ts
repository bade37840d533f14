import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The SPA takes the API's types from the worker (web/lib/api-types.ts, the serializers) and the
 * socket's from durable-objects/account-room/protocol.ts, but none of their code: a value import
 * would put worker code (D1 queries, secrets handling, zod schemas) into the browser bundle.
 */
const web = join(__dirname, "..", "..", "web");
const SERVER_CODE = /^(@worker\/|@do\/|(\.\.\/)+(worker|durable-objects)\/)/;
const STATEMENT = /^\s*(import|export)\s+([^;]*?)\s+from\s+["']([^"']+)["']/gm;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function serverImports() {
  const found: { file: string; statement: string; typeOnly: boolean }[] = [];
  for (const file of sources(web)) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(STATEMENT)) {
      if (!SERVER_CODE.test(m[3])) continue;
      found.push({ file: relative(web, file), statement: m[0].trim(), typeOnly: /^type\s/.test(m[2]) });
    }
  }
  return found;
}

describe("the SPA and the worker's code", () => {
  it("imports only types from worker/ and durable-objects/", () => {
    const found = serverImports();
    // The SPA does read the worker's types (accounts, inbox, auth, the route schema …).
    expect(found.length).toBeGreaterThan(20);
    expect(found.filter((f) => !f.typeOnly).map((f) => `${f.file}: ${f.statement}`)).toEqual([]);
  });
});
