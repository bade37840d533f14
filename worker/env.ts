/** Bindings and variables of the Worker. Secrets (set with `wrangler secret put`) are optional strings. */
export interface Env {
  DB: D1Database;
  ASSETS: Fetcher;
  AccountRoom: DurableObjectNamespace;
  MEDIA: R2Bucket;
  INBOUND_QUEUE: Queue;
  OUTBOUND_QUEUE: Queue;
  DLQ: Queue;
  AI_QUEUE: Queue;
  WEBHOOKS_QUEUE: Queue;

  /** debug | info | warn | error (default info): the lowest level of our JSON log lines. */
  LOG_LEVEL?: string;
  /** How long an isolate may reuse a resolved session (ms; default 5000, "0" off). See middleware/auth-cache.ts. */
  AUTH_CACHE_MS?: string;
  ENVIRONMENT: string; // "development" enables the dev outbox endpoint and dev mail
  APP_NAME: string;
  PUBLIC_URL: string;
  MAIL_FROM: string;
  MAIL_API_BASE: string;
  MAIL_API_KEY?: string;
  OPENAI_BASE_URL: string;
  OPENAI_API_KEY?: string;
  DEMO_MODEL?: string;
  /** Messengers served by `npm start`'s local stand-ins ("telegram,whatsapp,instagram" or "1" for all); read only in development. */
  DEMO_CHANNELS?: string;
  TELEGRAM_API_BASE: string;
  GREEN_API_BASE: string;
  GREEN_API_PARTNER_TOKEN?: string;
  META_GRAPH_BASE: string;
  META_APP_SECRET?: string;
  /** The Meta app's id for the Facebook login of Instagram (empty: only the manual id + token form). */
  META_APP_ID?: string;
  /** Host of Meta's login dialog (`{META_OAUTH_BASE}/{version}/dialog/oauth`), default https://www.facebook.com. */
  META_OAUTH_BASE?: string;
  META_VERIFY_TOKEN?: string;
  ENCRYPTION_KEY?: string;
  ADMIN_EMAILS?: string; // comma-separated e-mails that become platform administrators on sign-up / sign-in
  ANALYTICS_MEASUREMENT_ID?: string;
  /** "1" lets outgoing webhooks post to http://127.0.0.1:<port>; honoured only when ENVIRONMENT=development (local tests). */
  WEBHOOKS_ALLOW_LOOPBACK?: string;
}

export type AppBindings = { Bindings: Env; Variables: AppVariables };

export interface AppVariables {
  requestId: string;
  log: import("./lib/logger").Logger;
  auth: import("./middleware/request-context").AuthContext;
  member: import("./middleware/request-context").MemberContext;
}

declare global {
  namespace Cloudflare {
    // `env` from cloudflare:workers / cloudflare:test is the project's Env.
    interface Env extends EnvShape {}
  }
}
export type EnvShape = Env;
