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
  /** The seller on invoices and acts (features/billing/seller.ts): JSON {legalName, inn, kpp, address, bank, bik, account, corrAccount, vat}; a demo company without it. */
  BILLING_SELLER?: string;
  /** Embeddings model of the OpenAI-compatible provider (`/embeddings`): set, the knowledge base ranks hybrid (full text + vectors). */
  EMBEDDINGS_MODEL?: string;
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
