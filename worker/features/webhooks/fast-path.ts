import { CHANNELS } from "../../channels/registry";
import type { InboundQueueMessage } from "../../channels/types";
import type { Env } from "../../env";
import { MAX_JSON_BODY } from "../../app";

/**
 * App-scoped messenger webhooks (Instagram's, signed by our Meta app) on their busiest path: a
 * signed body of a sane size is verified, queued and answered here, before the API's router and
 * middleware (request id, security headers, body limit), which a server-to-server call needs none
 * of. Anything else (a bad or missing signature, a body without a length or over the limit) goes
 * through the API, which answers it as it always did. Issue 23: on the one Worker thread of
 * wrangler dev, the router and middleware were about a fifth of a webhook's cost.
 */
const APP_WEBHOOKS = new Map([["/api/webhooks/instagram", CHANNELS.INSTAGRAM]]);
const utf8 = new TextDecoder();

export function appWebhookFastPath(request: Request, env: Env, viaApi: (request: Request) => Promise<Response> | Response): Promise<Response> | null {
  if (request.method !== "POST") return null;
  // The path without parsing the whole URL: after the scheme's "//", from the first "/" to "?" or the end.
  const url = request.url;
  const from = url.indexOf("/", url.indexOf("//") + 2);
  const query = url.indexOf("?", from);
  const adapter = from < 0 ? undefined : APP_WEBHOOKS.get(url.slice(from, query < 0 ? undefined : query));
  const auth = adapter?.webhook;
  if (!adapter || auth?.scope !== "app") return null;
  const length = Number(request.headers.get("content-length") ?? NaN);
  if (!(length <= MAX_JSON_BODY)) return null;
  return (async () => {
    const raw = new Uint8Array(await request.arrayBuffer());
    if (!(await auth.verify(raw, (name) => request.headers.get(name) ?? undefined, env))) {
      // The API answers it (403 with the adapter's message).
      return viaApi(new Request(request.url, { method: "POST", headers: request.headers, body: raw }));
    }
    const msg: InboundQueueMessage = { kind: "webhook", platform: adapter.platform, receivedAt: Date.now(), body: utf8.decode(raw) };
    await env.INBOUND_QUEUE.send(msg, { contentType: "json" });
    return new Response(auth.answer, { headers: { "content-type": "text/plain; charset=UTF-8", "cache-control": "no-store" } });
  })();
}
