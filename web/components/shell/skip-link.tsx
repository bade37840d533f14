import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";

/** The main content's id: the skip link's target. */
export const MAIN_CONTENT_ID = "main-content";

/** Focus moves into the page, past the navigation (no hash in the URL, so the router is not involved). */
function skipToContent(e: MouseEvent<HTMLAnchorElement>) {
  e.preventDefault();
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  main.focus({ preventScroll: true });
  main.scrollIntoView({ block: "start" });
}

/**
 * «Перейти к содержимому»: the first stop of the keyboard on every page of the shell, shown when it
 * has the focus, so the navigation's ~40 links are not in the way of the page each time.
 */
export function SkipLink() {
  const { t } = useTranslation("common");
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skipToContent}
      data-testid="content-skip-link"
      className="sr-only rounded-md bg-card font-medium text-primary shadow-pop outline-none focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:z-[2000] focus:px-4 focus:py-2.5 focus-visible:ring-3 focus-visible:ring-primary/30"
    >
      {t("nav.skipToContent")}
    </a>
  );
}
