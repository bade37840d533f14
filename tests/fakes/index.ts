import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Local fake servers that speak the wire protocols of the external services (PROTOCOLS.md).
 * Each records what it received; tests read `GET /__requests` and reset with `POST /__reset`,
 * and can script failures with `POST /__script`.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  rawBody: string;
  at: number;
}

export type FakeHandler = (req: RecordedRequest, res: ServerResponse, state: FakeState) => void | Promise<void>;

export interface FakeState {
  requests: RecordedRequest[];
  /** Scripted answers consumed in order before the normal handler: `{ match, status, body, headers }`. */
  script: { match?: string; status: number; body: unknown; headers?: Record<string, string>; times?: number; reset?: boolean }[];
  data: Record<string, unknown>;
}

export interface RunningFake {
  name: string;
  url: string;
  port: number;
  state: FakeState;
  close(): Promise<void>;
}

export async function startFake(name: string, handler: FakeHandler, port = 0): Promise<RunningFake> {
  const state: FakeState = { requests: [], script: [], data: {} };
  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const rawBody = Buffer.concat(chunks).toString("utf8");
    let body: unknown = rawBody;
    try {
      body = rawBody ? JSON.parse(rawBody) : null;
    } catch {
      /* keep text */
    }
    const path = req.url ?? "/";
    if (path === "/__requests") return json(res, 200, state.requests);
    if (path === "/__reset" && req.method === "POST") {
      state.requests = [];
      state.script = [];
      state.data = {};
      return json(res, 200, { ok: true });
    }
    if (path === "/__script" && req.method === "POST") {
      const items = Array.isArray(body) ? body : [body];
      state.script.push(...(items as FakeState["script"]));
      return json(res, 200, { ok: true });
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(",") : String(v ?? "");
    const rec: RecordedRequest = { method: req.method ?? "GET", path, headers, body, rawBody, at: Date.now() };
    state.requests.push(rec);
    const scripted = state.script.findIndex((s) => !s.match || path.includes(s.match));
    if (scripted >= 0) {
      const s = state.script[scripted]!;
      if (!s.times || s.times <= 1) state.script.splice(scripted, 1);
      else s.times--;
      // `reset`: the request arrived (it is recorded, as the service took it) and the connection drops before any answer.
      if (s.reset) return void req.socket.destroy();
      return json(res, s.status, s.body, s.headers);
    }
    try {
      await handler(rec, res, state);
    } catch (e) {
      if (!res.headersSent) json(res, 500, { error: String(e) });
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  // Test runs end when their work ends: a fake never keeps the process alive.
  server.unref();
  server.on("connection", (socket) => socket.unref());
  const actual = (server.address() as AddressInfo).port;
  return {
    name,
    port: actual,
    url: `http://127.0.0.1:${actual}`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/** Mail provider fake (POST /emails, Resend-style). */
export const mailHandler: FakeHandler = (req, res) => {
  if (req.method === "POST" && req.path === "/emails") return json(res, 200, { id: `mail_${Date.now()}` });
  json(res, 404, { error: "not found" });
};

/**
 * Every fake the test run needs, keyed by the env variable that points the Worker at it.
 * Features add their fake here (one line each).
 */
export async function startAllFakes(_opts: { keepAlive?: boolean } = {}): Promise<{ fakes: RunningFake[]; bindings: Record<string, string> }> {
  const mail = await startFake("mail", mailHandler);
  const fakes = [mail];
  const bindings: Record<string, string> = { MAIL_API_BASE: mail.url };
  const openai = await (await import("./openai")).startOpenAiFake();
  fakes.push(openai);
  bindings.OPENAI_BASE_URL = `${openai.url}/v1`;
  // An account's own provider (settings → AI-провайдер): tests type this address into the settings.
  const provider = await (await import("./llm-provider")).startProviderFake();
  fakes.push(provider);
  bindings.AI_PROVIDER_FAKE_URL = provider.url;
  Object.assign(bindings, await (await import("./channels")).startChannelFakes(fakes));
  // Customers' webhook endpoints: not a base URL of the Worker, tests read it from FAKE_URLS.
  const receiver = await (await import("./webhook-receiver")).startWebhookReceiver();
  bindings.WEBHOOK_RECEIVER_URL = receiver.url;
  // Payments (billing): the fake YooKassa; tests drive its payer side through YOOKASSA_FAKE_URL.
  const yk = await import("./yookassa");
  const yookassa = await yk.startYooKassaFake();
  fakes.push(yookassa);
  Object.assign(bindings, { YOOKASSA_API_BASE: `${yookassa.url}/v3`, YOOKASSA_SHOP_ID: yk.YOOKASSA_SHOP_ID, YOOKASSA_SECRET_KEY: yk.YOOKASSA_SECRET_KEY, YOOKASSA_RETRY_MS: "20", YOOKASSA_FAKE_URL: yookassa.url });
  // Bitrix24 (integrations): one fake for every portal (webhook and OAuth); tests drive it through BITRIX24_FAKE_URL.
  const b24 = await import("./bitrix24");
  const bitrix24 = await b24.startBitrix24Fake();
  fakes.push(bitrix24);
  Object.assign(bindings, b24.bitrix24Bindings(bitrix24.url), { BITRIX24_RETRY_MS: "20", BITRIX24_BURST: "4", BITRIX24_FAKE_URL: bitrix24.url });
  // The knowledge base's web pages (URL sources): a local site, read by tests from FAKE_URLS.
  const pages = await (await import("./pages")).startPagesFake();
  fakes.push(pages);
  bindings.PAGES_FAKE_URL = pages.url;
  // Google OAuth and Calendar (booking): tests drive its consent page and control calls through GOOGLE_FAKE_URL.
  const g = await import("./google");
  const google = await g.startGoogleFake();
  fakes.push(google);
  Object.assign(bindings, g.googleBindings(google.url), { GOOGLE_FAKE_URL: google.url });
  return { fakes, bindings };
}
