import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { cleanup, render } from "@testing-library/react";
import { DefaultLegendContent } from "recharts";
import { afterEach, describe, expect, it } from "vitest";
import { legendStyle, shortDay } from "@/features/analytics/components/charts";

/**
 * The recharts charts of web/features (QA): a colour is a theme variable that exists (the admin's
 * bars were black from an undefined `var(--primary)`), legend labels are in the text colour (the
 * series colour as text was 2.5:1 in the dark theme), and days read "21.11" everywhere.
 */
const root = join(__dirname, "..", "..");
const features = join(root, "web", "features");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".tsx") ? [path] : [];
  });
}
const charts = files(features)
  .filter((f) => readFileSync(f, "utf8").includes('from "recharts"'))
  .map((f) => ({ path: relative(root, f).replaceAll("\\", "/"), text: readFileSync(f, "utf8") }));

/** Every custom property web/styles.css defines (in :root, .dark or @theme). */
const defined = new Set([...readFileSync(join(root, "web", "styles.css"), "utf8").matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]));

afterEach(cleanup);

describe("charts", () => {
  it("are found", () => {
    expect(charts.map((c) => c.path)).toContain("web/features/admin/components/platform-overview.tsx");
    expect(charts.map((c) => c.path)).toContain("web/features/analytics/components/charts.tsx");
  });

  it("use only theme variables that exist (or give a fallback)", () => {
    const missing = charts.flatMap((c) => [...c.text.matchAll(/var\((--[\w-]+)\)/g)].filter((m) => !defined.has(m[1]!)).map((m) => `${c.path}: ${m[0]}`));
    expect(missing).toEqual([]);
  });

  it("give every legend a label style (not the series colour)", () => {
    const bare = charts
      .flatMap((c) =>
        [...c.text.matchAll(/<Legend\b[^>]*>/g)]
          .filter((m) => {
            if (m[0].includes("labelStyle")) return false;
            const spread = m[0].match(/\{\.\.\.(\w+)\}/)?.[1];
            if (!spread) return true;
            // the shared one (checked below by rendering it), or a local object with its own labelStyle
            if (spread === "legendStyle" && /import \{[^}]*\blegendStyle\b[^}]*\} from "@\/features\/analytics\/components\/charts"|export const legendStyle\b/.test(c.text)) return false;
            return !new RegExp(`const ${spread} = \\{[^\\n]*labelStyle`).test(c.text);
          })
          .map((m) => `${c.path}: ${m[0]}`),
      );
    expect(bare).toEqual([]);
  });

  it("label days as 21.11, with the one formatter", () => {
    expect(shortDay("2026-11-21")).toBe("21.11");
    const byDay = charts.filter((c) => c.text.includes('dataKey="day"'));
    expect(byDay.length).toBeGreaterThan(1);
    for (const c of byDay) expect(c.text, c.path).toMatch(/shortDay\(/);
  });

  it("draw legend labels in the text colour, the swatch in the series colour", () => {
    const { container } = render(<DefaultLegendContent {...legendStyle} payload={[{ value: "ИИ", color: "#685be6", type: "rect" }]} />);
    const label = container.querySelector<HTMLElement>(".recharts-legend-item-text")!;
    expect(label.textContent).toBe("ИИ");
    expect(label.style.color).toBe("var(--color-foreground)");
    expect(container.querySelector(".recharts-legend-item path, .recharts-legend-item rect")?.getAttribute("fill")).toBe("#685be6");
  });

  it("lay out each legend label in its own direction (QA: «@uyut_shop_bot» read «uyut_shop_bot@» in Arabic)", () => {
    const { container } = render(
      <div dir="rtl">
        <DefaultLegendContent {...legendStyle} payload={[{ value: "@uyut_shop_bot", color: "#685be6", type: "rect" }]} />
      </div>,
    );
    const label = container.querySelector<HTMLElement>(".recharts-legend-item-text")!;
    expect(label.textContent).toBe("@uyut_shop_bot");
    expect(label.style.unicodeBidi).toBe("plaintext");
  });
});
