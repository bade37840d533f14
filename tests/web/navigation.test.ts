import { describe, expect, it } from "vitest";
import { abilityFor, rulesFor } from "@worker/lib/permissions";
import { ID_PATTERN, isIdShape, newId } from "@worker/lib/ids";
import { NAV_ITEMS, visibleNavItems } from "@/components/navigation";
import { isNotAccountPath } from "@/lib/account-route";
import { isModuleMounted } from "@/lib/route-modules";
import { ROUTES } from "@/router";

describe("the navigation lists every page that exists", () => {
  // Detail pages (a contact, an assistant) are reached from their list; sign-in, public and
  // full-screen (blank) pages are not part of the signed-in menu.
  const pages = ROUTES.filter((r) => isModuleMounted(r.module) && (r.access === "auth" || r.access === "admin") && r.layout !== "blank" && !r.path.replace("/:accountId", "").includes(":"));

  it("has a menu item for each mounted signed-in page", () => {
    expect(pages.length).toBeGreaterThan(5);
    const inMenu = new Set(NAV_ITEMS.map((i) => i.module));
    expect(pages.filter((r) => !inMenu.has(r.module)).map((r) => r.path)).toEqual([]);
  });

  it("shows the admin area and the templates library to a platform admin, neither admin to an owner", () => {
    const admin = visibleNavItems(abilityFor(rulesFor("owner", { isPlatformAdmin: true })), "acc").map((i) => i.id);
    expect(admin).toEqual(expect.arrayContaining(["admin", "assistant-templates", "dashboard", "chat", "assistants", "connect"]));
    const owner = visibleNavItems(abilityFor(rulesFor("owner")), "acc").map((i) => i.id);
    expect(owner).not.toContain("admin");
    expect(owner).toContain("assistant-templates");
  });
});

describe("account ids in paths", () => {
  it("every id the server makes has the known shape, and typos do not", () => {
    for (let i = 0; i < 200; i++) expect(newId()).toMatch(ID_PATTERN);
    for (const s of ["checkout", "no-such-page", "demo-account", "help-center", "ACCOUNTS0000000000000", "", "0".repeat(18), "0".repeat(20)]) expect(isIdShape(s)).toBe(false);
  });

  it("a route match naming a segment of another shape is no account path", () => {
    expect(isNotAccountPath([{ params: { accountId: "checkout" } }])).toBe(true);
    expect(isNotAccountPath([{ params: { accountId: newId() } }])).toBe(false);
    expect(isNotAccountPath([{ params: { "*": "no/such/page" } }])).toBe(false);
  });
});
