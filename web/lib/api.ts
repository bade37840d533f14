import { deleteCookie, getCookie } from "./cookies";
import { DEFAULT_LANGUAGE, i18n } from "./i18n";
import { beginLoading } from "./loading-bar";
import { notify } from "./notify";
import type { ErrorBody as ApiErrorBody } from "@worker/lib/errors";

/** The error body every API failure carries, as worker/lib/errors.ts declares it. */
export type { ErrorBody as ApiErrorBody } from "@worker/lib/errors";

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }

  get code(): string | undefined {
    return this.body.code;
  }

  /** Field messages of a 400 (details.fields), one per field. */
  fieldErrors(): Record<string, string> {
    const details = this.body.details as { fields?: Record<string, string | string[]> } | undefined;
    const out: Record<string, string> = {};
    for (const [field, value] of Object.entries(details?.fields ?? {})) {
      const message = Array.isArray(value) ? value[0] : value;
      if (typeof message === "string" && message) out[field] = message;
    }
    return out;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

export type QueryValue = string | number | boolean | null | undefined | Array<string | number | boolean>;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** No snackbar on failure (the caller shows the error itself). */
  silent?: boolean;
  /** Do not drive the top loading bar (polling, background refreshes). */
  background?: boolean;
  headers?: Record<string, string>;
}

export const API_BASE = "/api";
export const AUTH_ERROR_TAG = "authError";

interface ApiHooks {
  /** Client-side navigation (the router registers it); falls back to a full page load. */
  navigate: (to: string) => void;
  /** Called after a 401 cleared the cookies (the session drops its cached data). */
  onUnauthorized: () => void;
}

const hooks: ApiHooks = {
  navigate: (to) => window.location.assign(to),
  onUnauthorized: () => {},
};

export function configureApi(patch: Partial<ApiHooks>) {
  Object.assign(hooks, patch);
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const clean = path.startsWith(API_BASE + "/") ? path : `${API_BASE}${path.startsWith("/") ? "" : "/"}${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${clean}?${qs}` : clean;
}

/**
 * The interface language, sent as Accept-Language with every API call: the server writes its error
 * messages in it (Russian, English, French or Arabic; Russian for any other language).
 */
export function apiLanguage(): string {
  return i18n.resolvedLanguage || i18n.language || DEFAULT_LANGUAGE;
}

const CYRILLIC = /[\u0400-\u04FF]/;

/**
 * A text the server wrote for a toast (a change's `message`), or the SPA's own sentence for it when
 * the server cannot speak the interface language (its message comes in Russian). The server's own
 * languages keep its words (the more specific ones, e.g. with a count); a message its catalogue does
 * not know yet (Russian in a French or Arabic interface) gives way to the SPA's sentence.
 */
export function serverText(message: unknown, own: string): string {
  if (typeof message !== "string" || !message.trim()) return own;
  const lang = apiLanguage().toLowerCase().split("-")[0]!;
  return lang === "ru" || !CYRILLIC.test(message) ? message : own;
}

function timeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Pages where a 401 must not bounce to the login page again. */
const GUEST_PATHS = ["/login", "/register", "/auth/forgot-password"];

function handleUnauthorized(body: ApiErrorBody) {
  deleteCookie("accessToken");
  deleteCookie("user");
  hooks.onUnauthorized();
  notify({
    id: AUTH_ERROR_TAG,
    title: i18n.t("common:errors.title"),
    message: body.message || i18n.t("common:errors.unknown"),
    type: "error",
    location: "top end",
    tag: AUTH_ERROR_TAG,
  });
  const { pathname, search, hash } = window.location;
  if (GUEST_PATHS.includes(pathname)) return;
  hooks.navigate(`/login?redirect_url=${encodeURIComponent(pathname + search + hash)}`);
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined;
  const type = res.headers.get("content-type") ?? "";
  const text = await res.text();
  if (!text) return undefined;
  if (type.includes("json")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function errorBodyOf(status: number, raw: unknown): ApiErrorBody {
  const b = (raw && typeof raw === "object" ? raw : {}) as Partial<ApiErrorBody>;
  return {
    statusCode: typeof b.statusCode === "number" ? b.statusCode : status || 500,
    error: typeof b.error === "string" && b.error ? b.error : "",
    message: typeof b.message === "string" && b.message ? b.message : "",
    ...(b.code ? { code: b.code } : {}),
    ...(b.details !== undefined ? { details: b.details } : {}),
  };
}

async function send(method: string, path: string, body: unknown, opts: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": apiLanguage(), ...opts.headers };
  const tz = timeZone();
  if (tz) headers["X-Timezone"] = tz;
  const token = getCookie("accessToken");
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    if (body instanceof FormData || body instanceof Blob || typeof body === "string") payload = body as BodyInit;
    else {
      headers["Content-Type"] = "application/json";
      payload = JSON.stringify(body);
    }
  }
  const end = opts.background ? () => {} : beginLoading();
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), { method, headers, body: payload, signal: opts.signal, credentials: "same-origin" });
  } catch (error) {
    end();
    // Request-level failures (offline, aborted) are only logged, never shown as a snackbar.
    if (!(error instanceof DOMException && error.name === "AbortError")) console.error("[api] request failed", method, path, error);
    throw error;
  }
  if (res.ok) {
    end();
    return res;
  }
  let raw: unknown;
  try {
    raw = await readBody(res);
  } finally {
    end();
  }
  const status = res.status || 500;
  const errBody = errorBodyOf(status, raw);
  if (status === 401 && token) {
    handleUnauthorized(errBody);
  } else if (!opts.silent) {
    // The body's `error` is the HTTP reason phrase ("Bad Request"): a person reads the message
    // under a title in their language instead.
    notify({
      title: i18n.t("common:errors.title"),
      message: errBody.message || i18n.t("common:errors.unknown"),
      type: "error",
    });
  }
  throw new ApiError(status, {
    ...errBody,
    error: errBody.error || i18n.t("common:errors.title"),
    message: errBody.message || i18n.t("common:errors.unknown"),
  });
}

async function request<T>(method: string, path: string, body?: unknown, opts?: RequestOptions): Promise<T> {
  const res = await send(method, path, body, opts);
  return (await readBody(res)) as T;
}

function fileNameOf(res: Response): string {
  const cd = res.headers.get("content-disposition") ?? "";
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(cd);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ""));
    } catch {
      /* fall through */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(cd);
  return plain ? plain[1].trim() : "download";
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>("GET", path, undefined, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>("POST", path, body, opts),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>("PUT", path, body, opts),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>("PATCH", path, body, opts),
  delete: <T>(path: string, opts?: RequestOptions & { body?: unknown }) => request<T>("DELETE", path, opts?.body, opts),
  async download(path: string, opts?: RequestOptions): Promise<Blob & { fileName: string }> {
    const res = await send("GET", path, undefined, { ...opts, headers: { Accept: "*/*", ...opts?.headers } });
    const blob = (await res.blob()) as Blob & { fileName: string };
    return Object.assign(blob, { fileName: fileNameOf(res) });
  },
};

/** Saves a blob from `api.download` through a temporary link. */
export function saveBlob(blob: Blob & { fileName?: string }, fileName = blob.fileName ?? "download") {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The paged list shape of the API (declared by the worker). */
export type { Paged } from "@worker/lib/validation";
