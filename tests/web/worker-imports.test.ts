import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The SPA takes the API's types from the worker (web/lib/api-types.ts, the serializers) and the
 * socket's from durable-objects/account-room/protocol.ts, but none of their code: a value import
 * would put worker code (D1 queries, secrets handling, zod schemas) into the browser bundle.
 * The exception is a pure module written for both sides (the phone helper, the id shape, the
 * socket's constants): it says so with the marker below in its first lines, and imports no other
 * server module at run time.
 */
const SHARED_MARKER = "@shared-with-spa";
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

function resolveServer(spec: string, from: string): string {
  const rootDir = join(__dirname, "..", "..");
  const base = spec.startsWith("@worker/") ? join(rootDir, "worker", spec.slice(8)) : spec.startsWith("@do/") ? join(rootDir, "durable-objects", spec.slice(4)) : join(from, "..", spec);
  for (const ext of [".ts", ".tsx", "/index.ts"]) {
    try {
      if (statSync(base + ext).isFile()) return base + ext;
    } catch {
      /* try the next ending */
    }
  }
  throw new Error(`cannot resolve ${spec} from ${from}`);
}

function isShared(path: string): boolean {
  const text = readFileSync(path, "utf8");
  if (!text.slice(0, 400).includes(SHARED_MARKER)) return false;
  // Its own run-time imports stay out of the server's code (packages are fine).
  for (const m of text.matchAll(STATEMENT)) {
    if (/^type\s/.test(m[2])) continue;
    if (m[3].startsWith(".") || SERVER_CODE.test(m[3])) return false;
  }
  return true;
}

describe("the SPA and the worker's code", () => {
  it("imports only types from worker/ and durable-objects/", () => {
    const found = serverImports();
    // The SPA does read the worker's types (accounts, inbox, auth, the route schema …).
    expect(found.length).toBeGreaterThan(20);
    const values = found.filter((f) => !f.typeOnly);
    const notShared = values.filter((f) => !isShared(resolveServer(/["']([^"']+)["']\s*$/.exec(f.statement)![1], join(web, f.file))));
    expect(notShared.map((f) => `${f.file}: ${f.statement}`)).toEqual([]);
  }, 60_000); // reads every SPA file
});
