import { i18n } from "./i18n";

/** Page titles are the route title followed by the product tagline (SPEC §2.4). */
export function pageTitle(routeTitle?: string | null): string {
  const tagline = i18n.t("common:app.tagline");
  return routeTitle ? `${routeTitle} — ${tagline}` : tagline;
}

export function setPageTitle(routeTitle?: string | null) {
  document.title = pageTitle(routeTitle);
}
