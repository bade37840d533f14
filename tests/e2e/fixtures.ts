/** What several e2e specs set up alike: the screenshot matrix, the sideways-overflow check, an own Green API fake. */
import { crc32, deflateSync } from "node:zlib";
import { test, type Page } from "@playwright/test";
import { greenHandler } from "../fakes/greenapi";
import { type RunningFake, startFake } from "../fakes/index";

/** The screen sizes of the screenshot tests. */
const SCREENS = [
  [1440, 900, "desktop"],
  [390, 844, "phone"],
] as const;

/**
 * Runs `shoot` once for every theme and screen size, with the viewport set and the theme stored in
 * the preferences the app reads on its next load (so `shoot` starts with a navigation).
 */
export async function eachThemeAndScreen(page: Page, shoot: (theme: "light" | "dark", label: (typeof SCREENS)[number][2]) => Promise<void>) {
  for (const theme of ["light", "dark"] as const) {
    for (const [width, height, label] of SCREENS) {
      await page.setViewportSize({ width, height });
      await page
        .evaluate((th) => {
          const p = JSON.parse(localStorage.getItem("preferences") || "{}");
          localStorage.setItem("preferences", JSON.stringify({ ...p, theme: th }));
        }, theme)
        .catch(() => undefined);
      await shoot(theme, label);
    }
  }
}

/** The first elements inside `main` that stick out sideways (a phone would scroll horizontally), described. */
export function sideOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll("main *")]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName}.${String((el as HTMLElement).className).slice(0, 80)} → ${Math.round(el.getBoundingClientRect().right)}`);
  });
}

/** A Green API fake of the spec file's own (its webhook tokens readable by the test), up for the file's tests. */
export function ownGreenFake(name: string): Pick<RunningFake, "url" | "state"> {
  let fake: RunningFake | undefined;
  test.beforeAll(async () => {
    fake = await startFake(name, greenHandler);
  });
  test.afterAll(async () => {
    await fake?.close();
  });
  return {
    get url() {
      return fake!.url;
    },
    get state() {
      return fake!.state;
    },
  };
}

/** A real PNG of width × height (8-bit RGB), each pixel's colour from `colour(x, y)`: for uploads that must be a readable image. */
export function makePng(width: number, height: number, colour: (x: number, y: number) => [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rows.set(colour(x, y), y * (width * 3 + 1) + 1 + x * 3);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]);
}
