import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every key present in ru must exist in en and the other way round, in every namespace file of
 * web/locales (the pages' namespaces included). Plural suffixes (_one, _few, …) are compared by
 * their base key, since Russian and English have different plural forms. ar and fr tables must
 * exist for every namespace and not contain keys unknown to ru.
 */
const root = join(__dirname, "..", "..", "web", "locales");
const PLURAL = /_(zero|one|two|few|many|other)$/;

function keys(obj: unknown, prefix = ""): string[] {
  if (!obj || typeof obj !== "object" || Array.isArray(obj)) return [prefix];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function load(lng: string, ns: string): Set<string> | null {
  try {
    return new Set(keys(JSON.parse(readFileSync(join(root, lng, `${ns}.json`), "utf8"))).map((k) => k.replace(PLURAL, "")));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
}

const namespaces = [...new Set(["ru", "en"].flatMap((lng) => readdirSync(join(root, lng)).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -5))))].sort();

describe("translation tables", () => {
  it("have namespaces", () => {
    expect(namespaces).toContain("common");
  });

  it.each(namespaces)("%s: ru and en have the same keys", (ns) => {
    const ru = load("ru", ns);
    const en = load("en", ns);
    expect(ru, `web/locales/ru/${ns}.json is missing`).not.toBeNull();
    expect(en, `web/locales/en/${ns}.json is missing`).not.toBeNull();
    const missingInEn = [...ru!].filter((k) => !en!.has(k));
    const missingInRu = [...en!].filter((k) => !ru!.has(k));
    expect({ missingInEn, missingInRu }).toEqual({ missingInEn: [], missingInRu: [] });
  });

  it("common has ar and fr tables with only known keys", () => {
    const ru = load("ru", "common")!;
    for (const lng of ["ar", "fr"]) {
      const table = load(lng, "common");
      expect(table, `web/locales/${lng}/common.json is missing`).not.toBeNull();
      expect([...table!].filter((k) => !ru.has(k))).toEqual([]);
    }
  });

  // QA: success toasts showed Russian in the French interface. Every key of ru must be in fr and ar
  // too (the toasts' ones included: the SPA's own sentences replace the server's Russian ones there,
  // lib/api.ts serverText), or i18next falls back to Russian.
  it.each(namespaces)("%s: fr and ar have every key of ru", (ns) => {
    const ru = load("ru", ns)!;
    for (const lng of ["fr", "ar"]) {
      const table = load(lng, ns);
      expect(table, `web/locales/${lng}/${ns}.json is missing`).not.toBeNull();
      expect({ lng, missing: [...ru].filter((k) => !table!.has(k)), unknown: [...table!].filter((k) => !ru.has(k)) }).toEqual({ lng, missing: [], unknown: [] });
    }
  });

  it("values are non-empty strings", () => {
    for (const lng of ["ru", "en", "fr", "ar"]) {
      for (const ns of namespaces) {
        let raw: Record<string, unknown>;
        try {
          raw = JSON.parse(readFileSync(join(root, lng, `${ns}.json`), "utf8"));
        } catch {
          continue; // a missing file is reported by the parity test
        }
        const empty: string[] = [];
        const walk = (o: Record<string, unknown>, p: string) => {
          for (const [k, v] of Object.entries(o)) {
            if (v && typeof v === "object") walk(v as Record<string, unknown>, `${p}${k}.`);
            else if (typeof v !== "string" || !v.trim()) empty.push(`${p}${k}`);
          }
        };
        walk(raw, "");
        expect(empty, `${lng}/${ns}.json`).toEqual([]);
      }
    }
  });
});

/** The keys of every object in a JSON text that appear more than once in it (JSON.parse keeps the last one silently). */
function repeatedKeys(text: string): string[] {
  const out: string[] = [];
  // One entry per open brace or bracket: the keys seen so far in an object, null in an array.
  const stack: (Set<string> | null)[] = [];
  const path: string[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      const top = stack[stack.length - 1];
      if (expectKey && top) {
        const key = JSON.parse(text.slice(i, j + 1)) as string;
        if (top.has(key)) out.push([...path.slice(0, stack.length - 1), key].filter(Boolean).join("."));
        top.add(key);
        path[stack.length - 1] = key;
      }
      i = j;
      expectKey = false;
    } else if (c === "{") {
      stack.push(new Set());
      expectKey = true;
    } else if (c === "[") stack.push(null);
    else if (c === "}" || c === "]") {
      stack.pop();
      path.length = stack.length;
    } else if (c === ",") expectKey = stack[stack.length - 1] !== null;
  }
  return out;
}

describe("translation files", () => {
  it("write no key twice in one object", () => {
    expect(repeatedKeys('{"a": {"b": 1, "c": [{"b": 2}], "b": 3}}')).toEqual(["a.b"]);
    const repeated = readdirSync(root).flatMap((lng) =>
      readdirSync(join(root, lng))
        .filter((f) => f.endsWith(".json"))
        .flatMap((f) => repeatedKeys(readFileSync(join(root, lng, f), "utf8")).map((k) => `${lng}/${f}: ${k}`)),
    );
    expect(repeated).toEqual([]);
  });
});
