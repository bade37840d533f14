import type { MessageDto } from "./api";

/**
 * Document names longer than max(30, content length + 10) are shortened with an ellipsis in the
 * middle, keeping the extension (SPEC §2.9, §9).
 */
export function shortenFileName(name: string, contentLength = 0): string {
  const max = Math.max(30, contentLength + 10);
  if (name.length <= max) return name;
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : "";
  const keep = Math.max(1, max - ext.length - 3);
  return `${name.slice(0, keep)}...${ext}`;
}

/** Call status labels of SPEC §4 (translation keys of the chat namespace). */
export function callStatusKey(status: unknown): string {
  if (status === "hangUp") return "call.hangUp";
  if (status === "pickUp") return "call.pickUp";
  if (status === "missed" || status === "declined") return "call.missed";
  return "call.unknown";
}

/** A YouTube video id from an id or any usual YouTube URL; null when there is none. */
export function youtubeId(value: string | null | undefined): string | null {
  const v = (value ?? "").trim();
  if (!v) return null;
  if (/^[\w-]{11}$/.test(v)) return v;
  try {
    const u = new URL(v);
    const host = u.hostname.replace(/^www\.|^m\./, "");
    if (host === "youtu.be") return u.pathname.slice(1, 12) || null;
    if (host.endsWith("youtube.com") || host.endsWith("youtube-nocookie.com")) {
      const id = u.searchParams.get("v") ?? u.pathname.match(/^\/(?:embed|shorts|live|v)\/([\w-]{11})/)?.[1];
      return id && /^[\w-]{11}$/.test(id) ? id : null;
    }
  } catch {
    /* not a URL */
  }
  return null;
}

export function isYoutube(value: string | null | undefined): boolean {
  return /(^|\/\/|\.)(youtube\.com|youtu\.be|youtube-nocookie\.com)\//i.test(value ?? "");
}

/**
 * <img>/<video>/<audio> cannot send the Authorization header: account media
 * (`/api/accounts/:id/media/…`) is read through `/api/media/:id/…`, which takes the session from
 * the `accessToken` cookie the browser sends with it (never a token in the URL).
 */
export function mediaSrc(url: string | null | undefined): string | null {
  if (!url) return null;
  if (/^data:(audio|video)\//.test(url)) return dataToBlobUrl(url);
  const m = /^\/api\/accounts\/([^/]+)\/media\/(.+)$/.exec(url);
  if (!m) return url;
  return `/api/media/${m[1]}/${m[2]}`;
}

const blobUrls = new Map<string, string>();
/** The page's CSP lets media play from blob: but not data: URLs (inline demo media). */
function dataToBlobUrl(url: string): string {
  const hit = blobUrls.get(url);
  if (hit) return hit;
  try {
    const [head, body = ""] = url.split(",", 2);
    const mime = head.slice(5).split(";")[0];
    const bytes = head.includes(";base64") ? Uint8Array.from(atob(body), (ch) => ch.charCodeAt(0)) : new TextEncoder().encode(decodeURIComponent(body));
    const out = URL.createObjectURL(new Blob([bytes], { type: mime }));
    blobUrls.set(url, out);
    return out;
  } catch {
    return url;
  }
}

export function dayKey(ts: number): string {
  const d = new Date(ts);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}

export interface MessageRun {
  key: string;
  direction: MessageDto["messageDirection"];
  system: boolean;
  messages: MessageDto[];
}

export interface DayGroup {
  key: string;
  date: number;
  runs: MessageRun[];
}

const isSystemLike = (m: MessageDto) => m.isSystem || m.messageDirection === "system" || m.messageType === "tool_call" || m.messageType === "tool_result";

/**
 * The order of a log page as the API lists it: the newest stored first, the same time by id (the
 * larger first). The caches insert pushed messages by it, so frames that arrive out of order (an
 * operator's reply is shown while it is stored) still land in stored order.
 */
export const newestFirst = (a: { createdAt: number; messageId: string }, b: { createdAt: number; messageId: string }) =>
  b.createdAt - a.createdAt || (b.messageId < a.messageId ? -1 : b.messageId > a.messageId ? 1 : 0);

/** A system line a flow wrote for a step it took (metadata.flowEvent "step"). */
export const isFlowStep = (m: MessageDto) => m.metadata?.flowEvent === "step";

/** Chronological messages grouped by day, then by consecutive runs of one sender direction (§2.9). */
export function groupMessages(chronological: MessageDto[]): DayGroup[] {
  const days: DayGroup[] = [];
  for (const m of chronological) {
    const k = dayKey(m.createdAt);
    let day = days[days.length - 1];
    if (!day || day.key !== k) {
      day = { key: k, date: m.createdAt, runs: [] };
      days.push(day);
    }
    const system = isSystemLike(m);
    const run = day.runs[day.runs.length - 1];
    if (run && !system && !run.system && run.direction === m.messageDirection) run.messages.push(m);
    // A flow's consecutive "step taken" lines make one run, shown as one expandable line.
    else if (run && system && run.system && isFlowStep(m) && run.messages.every(isFlowStep)) run.messages.push(m);
    else day.runs.push({ key: m.messageId, direction: m.messageDirection, system, messages: [m] });
  }
  return days;
}

export function humanSize(bytes: number | null | undefined): string {
  if (!bytes && bytes !== 0) return "";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The Instagram messaging window: replies are allowed for 24 hours after the customer's last message. */
export const INSTAGRAM_WINDOW_MS = 24 * 60 * 60 * 1000;
export function instagramWindowClosed(platform: string, lastIncomingAt: number | null | undefined, now = Date.now()): boolean {
  return platform === "INSTAGRAM" && !!lastIncomingAt && now - lastIncomingAt > INSTAGRAM_WINDOW_MS;
}
