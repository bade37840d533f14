import { Hono } from "hono";
import { getDb } from "../../db/client";
import type { AppBindings } from "../../env";
import { v } from "../../lib/validation";
import { can } from "../../middleware/account-scope";
import { requireAuth, requirePlatformAdmin } from "../../middleware/session";
import { documentHtml } from "./document-html";
import * as s from "./documents.schemas";
import { cancelInvoice, getDocument, issueInvoice, listDocuments, markInvoicePaid } from "./documents";
import { sellerOf } from "./seller";

/** The printable page is the app's own HTML, never framed elsewhere and never cached by a proxy. */
const HTML_HEADERS = { "cache-control": "private, no-store", "x-frame-options": "SAMEORIGIN" };

/**
 * /api/accounts/:accountId/billing/documents and /invoices: an account's invoices and acts (owners
 * and admins read, owners issue invoices; operators 403), each printable as HTML.
 */
export const billingDocumentRoutes = new Hono<AppBindings>()
  .get("/:accountId/billing/documents", can("read", "Billing"), v("query", s.documentsQuery), async (c) => c.json(await listDocuments(getDb(c.env.DB), c.get("member").accountId, c.req.valid("query")), 200))
  .get("/:accountId/billing/documents/:documentId/html", can("read", "Billing"), v("param", s.documentParam), async (c) => {
    const doc = await getDocument(getDb(c.env.DB), c.get("member").accountId, c.req.valid("param").documentId);
    return c.html(documentHtml(doc, sellerOf(c.env)), 200, HTML_HEADERS);
  })
  .post("/:accountId/billing/invoices", can("update", "Billing"), v("json", s.invoiceSchema), async (c) => {
    const doc = await issueInvoice(c.env, c.get("member").accountId, c.get("auth").user.id, c.req.valid("json"));
    return c.json({ ...doc, message: `Счёт № ${doc.number} выставлен` }, 201);
  });

/** /api/admin/billing/…: bank-transfer invoices of every account; marking one paid credits the account once (audit-logged). */
export const billingDocumentAdminRoutes = new Hono<AppBindings>()
  .use(requireAuth, requirePlatformAdmin)
  .get("/billing/invoices", v("query", s.adminInvoicesQuery), async (c) => c.json(await listDocuments(getDb(c.env.DB), null, { ...c.req.valid("query"), kind: "invoice" }), 200))
  .get("/billing/documents/:documentId/html", v("param", s.adminDocumentParam), async (c) => {
    const doc = await getDocument(getDb(c.env.DB), null, c.req.valid("param").documentId);
    return c.html(documentHtml(doc, sellerOf(c.env)), 200, HTML_HEADERS);
  })
  .post("/billing/invoices/:documentId/mark-paid", v("param", s.adminDocumentParam), async (c) => {
    const r = await markInvoicePaid(c.env, c.req.valid("param").documentId, c.get("auth").user.id);
    return c.json({ ...r, message: `Счёт № ${r.document.number} отмечен оплаченным` }, 200);
  })
  .post("/billing/invoices/:documentId/cancel", v("param", s.adminDocumentParam), v("json", s.cancelInvoiceSchema), async (c) => {
    const doc = await cancelInvoice(c.env, c.req.valid("param").documentId, c.get("auth").user.id, c.req.valid("json").reason);
    return c.json({ ...doc, message: `Счёт № ${doc.number} отменён` }, 200);
  });
