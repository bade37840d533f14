import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import type { AppBindings } from "./env";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { errorLanguage, localiseErrorBody, localiseSuccessResponse } from "./lib/error-i18n";
import { AppError, errorBody, type ErrorBody } from "./lib/errors";
import { createLogger } from "./lib/logger";
import { accountRoutes } from "./features/accounts/accounts.routes";
import { adminRoutes } from "./features/admin/admin.routes";
import { authRoutes } from "./features/auth/auth.routes";
import { devRoutes } from "./features/dev/dev.routes";
import { invitationRoutes, memberRoutes } from "./features/members/members.routes";
import { partnerRoutes } from "./features/partners/partners.routes";
import { partnerAdminRoutes } from "./features/partners/partners.admin.routes";
import { accountAssistantRoutes, assistantRoutes } from "./features/assistants/assistants.routes";
import { aiProviderRoutes } from "./features/ai-provider/ai-provider.routes";
import { playgroundRoutes } from "./features/playground/playground.routes";
import { mediaTokenRoutes, wsRoutes } from "./features/inbox/ws.routes";
import { contactRoutes } from "./features/contacts/contacts.routes";
import { contactImportRoutes } from "./features/contact-import/import.routes";
import { audienceRoutes } from "./features/audience/audience.routes";
import { customFieldRoutes } from "./features/custom-fields/custom-fields.routes";
import { outgoingWebhookRoutes } from "./features/outgoing-webhooks/outgoing-webhooks.routes";
import { channelRoutes } from "./features/channels/channels.routes";
import { metaOauthRoutes } from "./features/channels/meta-oauth.routes";
import { webhookRoutes } from "./features/webhooks/webhooks.routes";
import { deadLetterRoutes } from "./features/admin-dlq/admin-dlq.routes";
import { broadcastPackageAdminRoutes, broadcastQuotaRoutes } from "./features/broadcast-quota/broadcast-quota.routes";
import { broadcastClickRoutes, broadcastRoutes } from "./features/broadcasts/broadcasts.routes";
import { broadcastComposerRoutes } from "./features/broadcasts/composer.routes";
import { flowRoutes } from "./features/flows/flows.routes";
import { productRoutes, promotionRoutes } from "./features/products/products.routes";
import { billingRoutes, publicPlanRoutes, yookassaWebhookRoutes } from "./features/billing/billing.routes";
import { analyticsRoutes } from "./features/analytics/analytics.routes";
import { billingAdminRoutes } from "./features/billing/billing.admin.routes";
import { billingReceiptRoutes } from "./features/billing/receipt.routes";
import { publicPackageRoutes } from "./features/billing/catalogue";
import { billingDocumentAdminRoutes, billingDocumentRoutes } from "./features/billing/billing.documents.routes";
import { knowledgeRoutes } from "./features/knowledge/knowledge.routes";
import { flowRuntimeRoutes } from "./features/flows/runtime/runtime.routes";
import { helpAdminRoutes, helpMediaRoutes, helpRoutes } from "./features/help/help.routes";
import { googleCalendarRoutes, googleOauthRoutes } from "./features/google-calendar/google-calendar.routes";
import { accountScope } from "./middleware/account-scope";
import { bitrix24AppRoutes, bitrix24OauthRoutes, bitrix24Routes } from "./features/bitrix24/bitrix24.routes";
import { bitrix24PortalRoutes } from "./features/bitrix24/portal-app";
import { integrationsRoutes } from "./features/integrations/integrations.routes";
import { requireAuth } from "./middleware/session";

const SLOW_REQUEST_MS = 1000;

/**
 * Slow requests are logged at most once a second per isolate, with how many more were slow since
 * the last line: when the isolate is overloaded every request is slow, and a line each (formatted
 * and shipped on the same thread) made it slower still (~19 % of the thread in the socket benchmark
 * at 100 posts/s on a loaded machine).
 */
let slowLoggedAt = 0;
let slowUnlogged = 0;
function slowRequestLine(): { slowSinceLastLine: number } | null {
  const now = Date.now();
  if (now - slowLoggedAt < 1000) {
    slowUnlogged++;
    return null;
  }
  const line = { slowSinceLastLine: slowUnlogged };
  slowLoggedAt = now;
  slowUnlogged = 0;
  return line;
}
export const MAX_JSON_BODY = 1024 * 1024;
export const MAX_UPLOAD_BODY = 25 * 1024 * 1024;

const limitOf = (maxSize: number, label: string) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError(413, "PAYLOAD_TOO_LARGE", `Слишком большой запрос: не больше ${label}`);
    },
  });
const jsonLimit = limitOf(MAX_JSON_BODY, "1 МБ");
const uploadLimit = limitOf(MAX_UPLOAD_BODY, "25 МБ");

const api = new Hono<AppBindings>()
  .use(async (c, next) => {
    const requestId = c.req.header("cf-ray") ?? crypto.randomUUID();
    c.set("requestId", requestId);
    c.set("log", createLogger({ requestId }));
    const started = Date.now();
    await next();
    c.header("X-Request-Id", requestId);
    // Every invocation is already recorded by the platform (wrangler.toml [observability]); our own
    // line per request is a debug line, except for server errors and slow requests.
    const ms = Date.now() - started;
    const fields = { method: c.req.method, path: c.req.path, status: c.res.status, ms };
    if (c.res.status >= 500) c.get("log").warn("request", fields);
    else if (ms < SLOW_REQUEST_MS) c.get("log").debug("request", fields);
    else {
      const slow = slowRequestLine();
      if (slow) c.get("log").warn("request", { ...fields, ...slow });
    }
  })
  .use(secureHeaders({ crossOriginResourcePolicy: "same-origin", xFrameOptions: "DENY", referrerPolicy: "strict-origin-when-cross-origin" }))
  .use(async (c, next) => {
    c.header("Cache-Control", "no-store");
    await next();
  })
  // A change's success message and the stored texts the server wrote (failure reasons, notices) in
  // the caller's language, like the errors' (lib/error-i18n.ts).
  .use(async (c, next) => {
    await next();
    const method = c.req.method;
    if (method === "HEAD" || method === "OPTIONS" || c.res.status >= 400) return;
    c.header("Vary", "Accept-Language", { append: true });
    const lang = errorLanguage(c.req.header("Accept-Language"));
    if (lang === "ru") return;
    const worded = await localiseSuccessResponse(c.res, lang, { successMessage: method !== "GET" });
    if (worded === c.res) return;
    c.res = worded;
    c.res.headers.delete("content-length");
  })
  .use((c, next) => {
    // File uploads (multipart) may be larger than a JSON body; everything else stays at 1 MB.
    const multipart = (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
    return (multipart ? uploadLimit : jsonLimit)(c, next);
  })
  // Every /accounts route needs a session; every /accounts/:accountId route a membership (404 otherwise).
  .use("/accounts", requireAuth)
  .use("/accounts/*", requireAuth)
  .use("/accounts/:accountId/*", accountScope)
  .use("/accounts/:accountId", accountScope)
  .route("/auth", authRoutes)
  .route("/accounts", accountRoutes)
  .route("/accounts", memberRoutes)
  .route("/invitations", invitationRoutes)
  .route("/admin", adminRoutes)
  .route("/partners", partnerRoutes)
  .route("/accounts", accountAssistantRoutes)
  .route("/accounts", aiProviderRoutes)
  .route("/assistants", assistantRoutes)
  .route("/platform-webwidget", playgroundRoutes)
  .route("/accounts", channelRoutes)
  .route("/oauth", metaOauthRoutes)
  .route("/accounts", contactImportRoutes)
  .route("/accounts", contactRoutes)
  .route("/accounts", customFieldRoutes)
  .route("/accounts", audienceRoutes)
  .route("/accounts", outgoingWebhookRoutes)
  .route("/webhooks", webhookRoutes)
  .route("/admin/dead-letters", deadLetterRoutes)
  .route("/admin", broadcastPackageAdminRoutes)
  .route("/accounts", broadcastQuotaRoutes)
  .route("/accounts", broadcastRoutes)
  .route("/accounts", broadcastComposerRoutes)
  .route("/accounts", flowRoutes)
  .route("/accounts", productRoutes)
  .route("/accounts", promotionRoutes)
  .route("/accounts", knowledgeRoutes)
  .route("/accounts", flowRuntimeRoutes)
  .route("/b", broadcastClickRoutes)
  .route("/accounts", billingRoutes)
  .route("/accounts", billingReceiptRoutes)
  .route("/accounts", analyticsRoutes)
  .route("/plans", publicPlanRoutes)
  .route("/broadcast-packages", publicPackageRoutes)
  .route("/webhooks", yookassaWebhookRoutes)
  .route("/admin", billingAdminRoutes)
  .route("/accounts", billingDocumentRoutes)
  .route("/admin", billingDocumentAdminRoutes)
  .route("/help", helpRoutes)
  .route("/help-media", helpMediaRoutes)
  .route("/admin/help", helpAdminRoutes)
  .route("/admin/partners", partnerAdminRoutes)
  .route("/accounts", integrationsRoutes)
  .route("/accounts", bitrix24Routes)
  .route("/oauth", bitrix24OauthRoutes)
  .route("/bitrix24", bitrix24AppRoutes)
  .route("/accounts", googleCalendarRoutes)
  .route("/oauth", googleOauthRoutes)
  .route("/dev", devRoutes);

export const app = new Hono<AppBindings>().route("/api", api).route("/", wsRoutes).route("/", mediaTokenRoutes).route("/", bitrix24PortalRoutes);

/**
 * Every error body leaves through here: its message and field messages in the language the request
 * asks for (Accept-Language; Russian otherwise), its code, status and details as they are.
 */
function errorResponse(c: Context<AppBindings>, body: ErrorBody, status: ContentfulStatusCode, englishValues?: Record<string, string>) {
  c.header("Vary", "Accept-Language", { append: true });
  return c.json(localiseErrorBody(body, errorLanguage(c.req.header("Accept-Language")), englishValues), status);
}

app.notFound((c) => errorResponse(c, errorBody(404, "Маршрут не найден", "ROUTE_NOT_FOUND"), 404));

app.onError((err, c) => {
  const requestId = c.get("requestId") ?? crypto.randomUUID();
  c.header("X-Request-Id", requestId);
  if (err instanceof AppError) {
    if (err.headers) for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    return errorResponse(c, errorBody(err.status, err.message, err.code, err.details), err.status, err.englishValues);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    // Hono's own texts ("Malformed JSON in request body") are for developers: a person reads ours.
    const message = status === 400 && /json/i.test(err.message) ? "Некорректный JSON в теле запроса" : "Некорректный запрос";
    return errorResponse(c, errorBody(status, message, status === 400 ? "MALFORMED_REQUEST" : undefined), status as ContentfulStatusCode);
  }
  (c.get("log") ?? createLogger({ requestId })).error("unhandled error", { error: err, path: c.req.path });
  return errorResponse(c, errorBody(500, "Внутренняя ошибка сервера. Попробуйте позже.", "INTERNAL", { requestId }), 500);
});

export type AppType = typeof app;
