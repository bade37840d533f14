import { config } from "zod/v4/core";

// zod 4 probes `new Function` at the first object parse to decide whether to compile its parsers.
// Our CSP has no 'unsafe-eval', so the browser reports that probe as a CSP violation in the
// console even though zod swallows the error; jitless skips the probe (and the compiler). This
// module is the entry's first import, so it runs before any schema is used.
config({ jitless: true });
