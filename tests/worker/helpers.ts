import { env, SELF } from "cloudflare:test";

export const BASE = "http://app.test";

export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls the Worker through its real fetch handler. */
export async function api<T = any>(method: string, path: string, opts: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.raw !== undefined) {
    body = opts.raw;
    headers["content-type"] ??= "application/json";
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] = "application/json";
  }
  const res = await SELF.fetch(`${BASE}/api${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

let counter = 0;
export function uniqueEmail(prefix = "user") {
  counter++;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.test`;
}

export async function registerUser(name = "Тест Пользователь", email = uniqueEmail()) {
  const res = await api("POST", "/auth/register", { body: { email, password: "password123", name } });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.accessToken as string, user: res.body.user as { id: string; email: string; name: string }, email };
}

export async function createAccount(token: string, name = "Тестовый аккаунт") {
  const res = await api("POST", "/accounts", { token, body: { name } });
  if (res.status !== 201) throw new Error(`create account failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.accountId as string;
}

/** A freshly registered owner with a fresh account. */
export async function ownerWithAccount(name = "Владелец", accountName?: string) {
  const owner = await registerUser(name);
  const accountId = await createAccount(owner.token, accountName);
  return { ...owner, accountId };
}

/** The newest dev-outbox mail to an address, and the token in its link. */
export async function lastMailTo(email: string) {
  const res = await api("GET", `/dev/outbox?to=${encodeURIComponent(email)}&limit=1`);
  const mail = res.body.data[0];
  const token = mail ? /token=([A-Za-z0-9_%-]+)/.exec(mail.text)?.[1] : undefined;
  return { mail, token: token ? decodeURIComponent(token) : undefined };
}

/** A member of `accountId` with `role`, added through the real invitation flow. */
export async function addMember(ownerToken: string, accountId: string, role: "admin" | "operator" | "owner", name = "Участник") {
  const email = uniqueEmail(role);
  const inv = await api("POST", `/accounts/${accountId}/members/invitations`, { token: ownerToken, body: { email, role } });
  if (inv.status !== 201) throw new Error(`invite failed: ${inv.status} ${JSON.stringify(inv.body)}`);
  const { token: inviteToken } = await lastMailTo(email);
  const res = await api("POST", "/auth/register", { body: { email, password: "password123", name, inviteToken } });
  if (res.status !== 201) throw new Error(`register invitee failed: ${res.status}`);
  return { token: res.body.accessToken as string, user: res.body.user, email };
}

export { env };
