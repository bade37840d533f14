import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A customer's webhook endpoint: it verifies every POST the way a Standard Webhooks consumer
 * library does (`standardwebhooks` Webhook.verify: the three headers present, the timestamp within
 * 5 minutes, `v1,<base64 HMAC-SHA256>` over "{id}.{timestamp}.{raw body}" with the base64-decoded
 * `whsec_` key, compared in constant time against each space-separated signature) and records the
 * outcome per secret. Tests tell it which secrets each path expects and script its answers
 * (500, 410, 429 with Retry-After, 3xx with Location, a slow or oversized body).
 *
 * Control: POST /__secrets {path, secrets}, POST /__script [{path?, status, headers?, body?, times?}],
 * GET /__requests, POST /__reset.
 */
export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  rawBody: string;
  body: unknown;
  at: number;
  /** Signature checked against every secret configured for the path: true when one matched. */
  verified: boolean;
  /** Indices (in the configured list) of the secrets with a matching signature. */
  matchedSecrets: number[];
  verifyError: string | null;
  answeredStatus: number;
}

interface Scripted {
  path?: string;
  status: number;
  headers?: Record<string, string>;
  body?: string;
  times?: number;
}

export const TOLERANCE_S = 5 * 60;

/** Standard Webhooks verification of one request against one secret; throws the reason. */
export function verifyStandardWebhook(secret: string, headers: Record<string, string>, rawBody: string, nowS = Math.floor(Date.now() / 1000)): void {
  const id = headers["webhook-id"];
  const ts = headers["webhook-timestamp"];
  const sigs = headers["webhook-signature"];
  if (!id || !ts || !sigs) throw new Error("missing required headers");
  const t = Number(ts);
  if (!Number.isInteger(t)) throw new Error("invalid timestamp");
  if (Math.abs(nowS - t) > TOLERANCE_S) throw new Error("timestamp outside tolerance");
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${ts}.${rawBody}`).digest();
  for (const part of sigs.split(" ")) {
    const [version, sig] = part.split(",");
    if (version !== "v1" || !sig) continue;
    const got = Buffer.from(sig, "base64");
    if (got.length === expected.length && timingSafeEqual(got, expected)) return;
  }
  throw new Error("no matching signature");
}

export interface RunningReceiver {
  url: string;
  port: number;
  requests: ReceivedWebhook[];
  setSecrets(path: string, secrets: string[]): void;
  script(items: Scripted[]): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(port = 0): Promise<RunningReceiver> {
  let requests: ReceivedWebhook[] = [];
  let script: Scripted[] = [];
  const secrets = new Map<string, string[]>();
  const reply = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(body);
  };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const rawBody = Buffer.concat(chunks).toString("utf8");
    const path = req.url ?? "/";
    let body: unknown = rawBody;
    try {
      body = rawBody ? JSON.parse(rawBody) : null;
    } catch {
      /* keep text */
    }
    if (path === "/__requests") return reply(res, 200, JSON.stringify(requests));
    if (path === "/__reset" && req.method === "POST") {
      requests = [];
      script = [];
      secrets.clear();
      return reply(res, 200, "{}");
    }
    if (path === "/__secrets" && req.method === "POST") {
      const b = body as { path: string; secrets: string[] };
      secrets.set(b.path, b.secrets);
      return reply(res, 200, "{}");
    }
    if (path === "/__script" && req.method === "POST") {
      script.push(...((Array.isArray(body) ? body : [body]) as Scripted[]));
      return reply(res, 200, "{}");
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(",") : String(v ?? "");
    const expected = secrets.get(path) ?? [];
    const matchedSecrets: number[] = [];
    let verifyError: string | null = expected.length ? null : "no secret configured";
    expected.forEach((s, i) => {
      try {
        verifyStandardWebhook(s, headers, rawBody);
        matchedSecrets.push(i);
      } catch (e) {
        verifyError = (e as Error).message;
      }
    });
    if (matchedSecrets.length) verifyError = null;
    const i = script.findIndex((s) => !s.path || path.startsWith(s.path));
    const scripted = i >= 0 ? script[i]! : null;
    if (scripted) {
      if (!scripted.times || scripted.times <= 1) script.splice(i, 1);
      else scripted.times--;
    }
    // A receiver that cannot verify answers 401, as a consumer library's caller would.
    const status = scripted ? scripted.status : matchedSecrets.length ? 200 : 401;
    requests.push({ path, headers, rawBody, body, at: Date.now(), verified: matchedSecrets.length > 0, matchedSecrets, verifyError, answeredStatus: status });
    reply(res, status, scripted?.body ?? JSON.stringify(matchedSecrets.length ? { received: true } : { error: verifyError }), scripted?.headers);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  server.unref();
  server.on("connection", (socket) => socket.unref());
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    get requests() {
      return requests;
    },
    setSecrets: (path, list) => void secrets.set(path, list),
    script: (items) => void script.push(...items),
    reset: () => {
      requests = [];
      script = [];
      secrets.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
