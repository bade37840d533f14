/**
 * Bindings and variables of the Worker. Everything wrangler.toml declares (bindings and [vars]) is
 * generated into worker-configuration.d.ts by `npm run types:env` (`wrangler types`; a unit test
 * fails when that file is stale). What wrangler cannot know is added here: secrets (set with
 * `wrangler secret put`, locally in .dev.vars, which the generation deliberately does not read so the
 * file does not depend on one machine) and the development-only switches; all optional strings.
 */
export interface Secrets {
  /** How long an isolate may reuse a resolved session (ms; default 5000, "0" off). See middleware/auth-cache.ts. */
  AUTH_CACHE_MS?: string;
  /** How long an isolate's inbound consumer may reuse the channels it read (ms; default 2000, "0" off). See features/webhooks/channel-memo.ts. */
  CHANNEL_CACHE_MS?: string;
  MAIL_API_KEY?: string;
  OPENAI_API_KEY?: string;
  DEMO_MODEL?: string;
  /** Messengers served by `npm start`'s local stand-ins ("telegram,whatsapp,instagram" or "1" for all); read only in development. */
  DEMO_CHANNELS?: string;
  GREEN_API_PARTNER_TOKEN?: string;
  META_APP_SECRET?: string;
  META_VERIFY_TOKEN?: string;
  ENCRYPTION_KEY?: string;
  ADMIN_EMAILS?: string; // comma-separated e-mails that become platform administrators on sign-up / sign-in
  ANALYTICS_MEASUREMENT_ID?: string;
  /** "1" lets outgoing webhooks post to http://127.0.0.1:<port>; honoured only when ENVIRONMENT=development (local tests). */
  WEBHOOKS_ALLOW_LOOPBACK?: string;
  /** Billing (features/billing): YooKassa's API base, shop id and secret key (without them checkout answers 503). */
  YOOKASSA_API_BASE?: string;
  YOOKASSA_SHOP_ID?: string;
  YOOKASSA_SECRET_KEY?: string;
  /** Pause (ms) before repeating a YooKassa POST that got a 500, with the same Idempotence-Key (default 1000). */
  YOOKASSA_RETRY_MS?: string;
  /** 54-FZ VAT code of the receipts' items (default 1, без НДС). */
  YOOKASSA_VAT_CODE?: string;
  /** Days a failed renewal keeps the paid plan before the account moves to the free plan (default 3). */
  BILLING_GRACE_DAYS?: string;
  /** Partner programme (features/partners): attribution window in days (90), default commission % (20), hold in days (14), payout minimum in kopecks (100000). */
  PARTNER_ATTRIBUTION_DAYS?: string;
  PARTNER_DEFAULT_RATE_PERCENT?: string;
  PARTNER_HOLD_DAYS?: string;
  PARTNER_PAYOUT_MIN_KOPECKS?: string;
  /** The seller on invoices and acts (features/billing/seller.ts): JSON {legalName, inn, kpp, address, bank, bik, account, corrAccount, vat}; a demo company without it. */
  BILLING_SELLER?: string;
  /** Embeddings model of the OpenAI-compatible provider (`/embeddings`): set, the knowledge base ranks hybrid (full text + vectors). */
  EMBEDDINGS_MODEL?: string;
  /** Bitrix24 (features/bitrix24): the OAuth app's client id and secret (without them only the webhook connection is offered). */
  BITRIX24_CLIENT_ID?: string;
  BITRIX24_CLIENT_SECRET?: string;
  /** Where OAuth codes and refresh tokens are exchanged (default https://oauth.bitrix.info). */
  BITRIX24_OAUTH_BASE?: string;
  /** Development: the origin that stands in for every portal (the fake of tests/fakes/bitrix24.ts); its http webhook URLs are accepted. */
  BITRIX24_PORTAL_BASE?: string;
  /** First pause (ms) before repeating a call refused with QUERY_LIMIT_EXCEEDED, doubled each time (default 1000). */
  BITRIX24_RETRY_MS?: string;
  /** Calls a portal's bucket lets through at once before the 2/s drain paces them (default 10). */
  BITRIX24_BURST?: string;
  /** Google Calendar booking (features/google-calendar): the OAuth client and the base URLs (tests and `npm start` point them at tests/fakes/google.ts). */
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  /** Host of the consent page (`{base}/o/oauth2/v2/auth`), default https://accounts.google.com. */
  GOOGLE_OAUTH_BASE?: string;
  /** Token and revoke endpoints (`{base}/token`, `{base}/revoke`), default https://oauth2.googleapis.com. */
  GOOGLE_TOKEN_BASE?: string;
  /** Calendar API v3, default https://www.googleapis.com/calendar/v3. */
  GOOGLE_CALENDAR_BASE?: string;
  /** Test-only fault injection (worker/lib/faults.ts): "1" arms the seam, honoured only when ENVIRONMENT=development. */
  FAULT_INJECTION?: string;
  /** Benchmark: the chance (0..1) that an enabled fault point throws, and the points it applies to (comma-separated, default all). */
  FAULT_RATE?: string;
  FAULT_POINTS?: string;
  /** Cost benchmark (worker/lib/bench-meter.ts): "1" counts D1 rows, room requests and queue messages; honoured only when ENVIRONMENT=development. */
  BENCH_METER?: string;
}

/** ENVIRONMENT "development" enables the dev outbox endpoint and dev mail; LOG_LEVEL is the lowest level of our JSON log lines. */
export interface Env extends Cloudflare.Env {}

export type AppBindings = { Bindings: Env; Variables: AppVariables };

export interface AppVariables {
  requestId: string;
  log: import("./lib/logger").Logger;
  auth: import("./middleware/request-context").AuthContext;
  member: import("./middleware/request-context").MemberContext;
}

declare global {
  namespace Cloudflare {
    // `env` from cloudflare:workers / cloudflare:test carries the secrets too.
    interface Env extends Secrets {}
  }
}
