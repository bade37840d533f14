// zod 4 probes `new Function` at the first object parse to decide whether to compile its parsers.
// Our CSP has no 'unsafe-eval', so the browser reports that probe as a CSP violation in the
// console even though zod swallows the error; `jitless` skips the probe (and the compiler).
//
// zod keeps its global config on `globalThis.__zod_globalConfig` (shared by every copy of zod on
// the page) and adopts an object already there. Setting it here, the entry's first import, is
// what `z.config({ jitless: true })` does, without importing zod's core into the entry: the
// sign-in pages' first download has no zod (the forms load it at the first validation).
// tests/web/zod-config.test.ts checks that zod picks the setting up.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
