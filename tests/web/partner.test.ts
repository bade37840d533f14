import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PARTNER_CODE_KEY, trackPartner } from "@/lib/partner";

let urls: string[] = [];

beforeEach(() => {
  urls = [];
  localStorage.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify({ tracked: true }), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("partner tracking (SPEC §2.4, §7.7)", () => {
  it("reports a new ?partner= code once and stores it under partnerCode", async () => {
    expect(trackPartner("?partner=ALFA-1&utm=x")).toBe(true);
    expect(localStorage.getItem(PARTNER_CODE_KEY)).toBe("ALFA-1");
    // Later navigations with the same code send nothing.
    expect(trackPartner("?partner=ALFA-1")).toBe(false);
    expect(trackPartner(new URLSearchParams("partner=ALFA-1"))).toBe(false);
    await vi.waitFor(() => expect(urls).toHaveLength(1));
    expect(urls[0]).toBe("/api/partners/codes/track-click?partner=ALFA-1");
  });

  it("a different code is reported again and replaces the stored one", async () => {
    localStorage.setItem(PARTNER_CODE_KEY, "OLD");
    expect(trackPartner("?partner=NEW")).toBe(true);
    expect(localStorage.getItem(PARTNER_CODE_KEY)).toBe("NEW");
    await vi.waitFor(() => expect(urls).toEqual(["/api/partners/codes/track-click?partner=NEW"]));
  });

  it("no parameter, an empty or malformed code: nothing is sent or stored", async () => {
    expect(trackPartner("")).toBe(false);
    expect(trackPartner("?partner=")).toBe(false);
    expect(trackPartner("?partner=%3Cscript%3E")).toBe(false);
    await new Promise((r) => setTimeout(r, 10));
    expect(urls).toEqual([]);
    expect(localStorage.getItem(PARTNER_CODE_KEY)).toBeNull();
  });
});

describe("where / sends a signed-out visitor", () => {
  it("a partner's link brings someone new to registration; anyone else signs in", async () => {
    const { signedOutHome } = await import("@/lib/partner");
    expect(signedOutHome("?partner=PAQH4RD")).toBe("/register");
    expect(signedOutHome(new URLSearchParams("partner=ALFA-1&utm=x"))).toBe("/register");
    expect(signedOutHome("")).toBe("/login");
    expect(signedOutHome("?partner=%3Cscript%3E")).toBe("/login");
  });
});
