import { describe, expect, it } from "vitest";

describe("the SPA's zod setting (web/lib/zod-config.ts)", () => {
  it("is adopted by zod loaded after it: jitless, so no code-generation probe under the CSP", async () => {
    await import("@/lib/zod-config");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
    const { globalConfig } = await import("zod/v4/core");
    expect(globalConfig.jitless).toBe(true);
    // Parsing works without the compiled fast path.
    expect(z.object({ a: z.string() }).parse({ a: "x" })).toEqual({ a: "x" });
  });
});
