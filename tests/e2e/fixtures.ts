/** What several e2e specs set up alike: the screenshot matrix, the sideways-overflow check, an own Green API fake. */
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
