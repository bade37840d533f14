/**
 * Page-view analytics adapter. Nothing is sent unless a measurement id is configured at build time
 * with VITE_ANALYTICS_MEASUREMENT_ID (a GA4 id such as G-XXXX). The endpoint defaults to GA4's
 * collect URL and can be replaced with VITE_ANALYTICS_ENDPOINT; remember to allow that host in
 * `connect-src` of web/public/_headers.
 */
export interface AnalyticsConfig {
  measurementId?: string;
  endpoint?: string;
}

export interface PageView {
  path: string;
  title: string;
  language?: string;
}

type Sender = (url: string) => void;

const CLIENT_ID_KEY = "analyticsClientId";
let config: AnalyticsConfig = {
  measurementId: import.meta.env.VITE_ANALYTICS_MEASUREMENT_ID as string | undefined,
  endpoint: (import.meta.env.VITE_ANALYTICS_ENDPOINT as string | undefined) ?? "https://www.google-analytics.com/g/collect",
};
let sender: Sender = (url) => {
  if (typeof navigator !== "undefined" && typeof navigator.sendBeacon === "function") navigator.sendBeacon(url);
  else void fetch(url, { method: "POST", keepalive: true, mode: "no-cors" }).catch(() => undefined);
};
let lastPath: string | null = null;

export function configureAnalytics(next: AnalyticsConfig, send?: Sender) {
  config = { ...config, ...next };
  if (send) sender = send;
  lastPath = null;
}

export function analyticsEnabled(): boolean {
  return !!config.measurementId;
}

function clientId(): string {
  try {
    let id = localStorage.getItem(CLIENT_ID_KEY);
    if (!id) {
      id = `${Math.floor(Math.random() * 1e10)}.${Math.floor(Date.now() / 1000)}`;
      localStorage.setItem(CLIENT_ID_KEY, id);
    }
    return id;
  } catch {
    return "0.0";
  }
}

/** Reports one page view per distinct path; returns whether anything was sent. */
export function trackPageView(view: PageView): boolean {
  if (!config.measurementId || !config.endpoint) return false;
  if (view.path === lastPath) return false;
  lastPath = view.path;
  const params = new URLSearchParams({
    v: "2",
    tid: config.measurementId,
    cid: clientId(),
    en: "page_view",
    dl: location.origin + view.path,
    dt: view.title,
    ul: view.language ?? document.documentElement.lang ?? "ru",
  });
  sender(`${config.endpoint}?${params}`);
  return true;
}
