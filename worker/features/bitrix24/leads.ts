import type { Env } from "../../env";
import { createLogger } from "../../lib/logger";
import { enqueueJob, type JobOf } from "../jobs/jobs";
import { emitWebhookEvent } from "../outgoing-webhooks/emit";
import { valuesOfContact } from "../custom-fields/contact-fields.service";
import { bitrixCall, loadIntegration } from "./client";
import { BitrixError } from "./errors";
import type { Bitrix24Settings } from "./bitrix24.schemas";
import { connectedSettings, normalisePhone, settingsOf } from "./bitrix24.service";

const log = createLogger({ component: "bitrix24" });

/** Why a lead is asked for: the settings' "when" choices. */
export type LeadReason = "firstMessage" | "handoff" | "flowAction" | "assistantTool";
export const ORIGINATOR = "assistly";

/**
 * Asks for the contact's lead (or deal) when Bitrix24 is connected and the settings want it for
 * this reason. The work is a job on the jobs queue: Bitrix24 calls never hold a webhook answer or
 * an assistant turn, and a failed call is retried by the queue.
 */
export async function requestLead(env: Env, accountId: string, contactId: string, reason: LeadReason, threadId?: string): Promise<boolean> {
  const settings = await connectedSettings(env, accountId);
  if (!settings || !settings.triggers[reason]) return false;
  await enqueueJob(env, { kind: "bitrix24-lead", accountId, contactId, reason, threadId: threadId ?? null });
  return true;
}

interface ContactRow {
  id: string;
  name: string;
  phone: string | null;
  platform: string;
  platform_username: string | null;
  about: string | null;
}

const PLATFORM_NAMES: Record<string, string> = { telegram: "Telegram", whatsapp: "WhatsApp", instagram: "Instagram", webwidget: "виджет на сайте" };
const platformName = (p: string) => PLATFORM_NAMES[p.toLowerCase()] ?? p;

/** The mapped fields: contact fields and custom fields → Bitrix24 codes (values as strings). */
async function mappedFields(env: Env, accountId: string, c: ContactRow, settings: Bitrix24Settings): Promise<Record<string, string>> {
  if (!settings.fieldMap.length) return {};
  const custom = settings.fieldMap.some((m) => m.from.startsWith("custom:")) ? await valuesOfContact(env, accountId, c.id) : {};
  const plain: Record<string, string | null> = { name: c.name, phone: c.phone, username: c.platform_username, platform: platformName(c.platform), about: c.about };
  const out: Record<string, string> = {};
  for (const m of settings.fieldMap) {
    const v = m.from.startsWith("custom:") ? custom[m.from.slice(7)] : plain[m.from];
    if (v !== null && v !== undefined && v !== "") out[m.to] = Array.isArray(v) ? v.join(", ") : String(v);
  }
  return out;
}

async function findOwn(env: Env, accountId: string, entity: "lead" | "deal" | "contact", contactId: string): Promise<string | null> {
  const a = await bitrixCall<{ ID: string }[]>(env, accountId, `crm.${entity}.list`, { filter: { ORIGINATOR_ID: ORIGINATOR, ORIGIN_ID: contactId }, select: ["ID"] });
  return a.result?.[0]?.ID ? String(a.result[0].ID) : null;
}

/** The CRM contact for the phone (looked up by the normalised number first), made when there is none. */
async function crmContact(env: Env, accountId: string, c: ContactRow, phone: string | null, settings: Bitrix24Settings, create: boolean): Promise<string | null> {
  if (phone) {
    const found = await bitrixCall<{ ID: string }[]>(env, accountId, "crm.contact.list", { filter: { PHONE: phone }, select: ["ID"] });
    if (found.result?.[0]?.ID) return String(found.result[0].ID);
  }
  const own = await findOwn(env, accountId, "contact", c.id);
  if (own || !create) return own;
  const added = await bitrixCall<number>(env, accountId, "crm.contact.add", {
    fields: {
      NAME: c.name || "Клиент",
      ...(phone ? { PHONE: [{ VALUE: phone, VALUE_TYPE: "MOBILE" }] } : {}),
      ...(settings.sourceId ? { SOURCE_ID: settings.sourceId } : {}),
      ...(settings.responsibleId ? { ASSIGNED_BY_ID: settings.responsibleId } : {}),
      ORIGINATOR_ID: ORIGINATOR,
      ORIGIN_ID: c.id,
    },
    params: { REGISTER_SONET_EVENT: "Y" },
  });
  return String(added.result);
}

async function createEntity(env: Env, accountId: string, c: ContactRow, settings: Bitrix24Settings, reason: LeadReason) {
  const phone = normalisePhone(c.phone);
  const title = `${c.name || "Клиент"} — ${platformName(c.platform)}`;
  const common = {
    TITLE: title,
    ...(settings.sourceId ? { SOURCE_ID: settings.sourceId } : {}),
    ...(settings.responsibleId ? { ASSIGNED_BY_ID: settings.responsibleId } : {}),
    COMMENTS: `Создано ассистентом Assistly (${REASON_TEXT[reason]})`,
    ORIGINATOR_ID: ORIGINATOR,
    ORIGIN_ID: c.id,
    ...(await mappedFields(env, accountId, c, settings)),
  };
  if (settings.entity === "deal") {
    const contactId = await crmContact(env, accountId, c, phone, settings, true);
    const cat = settings.categoryId || "0";
    const stage = settings.stageId || (cat === "0" ? "NEW" : `C${cat}:NEW`);
    const deal = await bitrixCall<number>(env, accountId, "crm.deal.add", { fields: { ...common, CATEGORY_ID: cat, STAGE_ID: stage, CONTACT_IDS: contactId ? [contactId] : [], CURRENCY_ID: "RUB" } });
    return { entityType: "deal" as const, entityId: String(deal.result), bitrixContactId: contactId };
  }
  const contactId = await crmContact(env, accountId, c, phone, settings, false);
  const lead = await bitrixCall<number>(env, accountId, "crm.lead.add", {
    fields: { ...common, NAME: c.name || "Клиент", ...(phone ? { PHONE: [{ VALUE: phone, VALUE_TYPE: "MOBILE" }] } : {}), STATUS_ID: settings.stageId || "NEW", ...(contactId ? { CONTACT_ID: contactId } : {}) },
  });
  return { entityType: "lead" as const, entityId: String(lead.result), bitrixContactId: contactId };
}

const REASON_TEXT: Record<LeadReason, string> = {
  firstMessage: "первое сообщение нового клиента",
  handoff: "передача диалога оператору",
  flowAction: "действие сценария",
  assistantTool: "заявка через ассистента",
};

/** A failure the queue should repeat (the portal busy or down), as opposed to one a repeat cannot fix. */
const transient = (e: unknown) => !(e instanceof BitrixError) || e.bitrixCode === "NETWORK" || e.bitrixCode === "QUERY_LIMIT_EXCEEDED" || /^HTTP_5/.test(e.bitrixCode) || e.bitrixCode === "INTERNAL_SERVER_ERROR";

/**
 * The job: one lead (or deal) per inbox contact, exactly once under redelivery. The contact's row in
 * bitrix24_links is claimed before the first call; a redelivered job that finds it pending asks
 * Bitrix24 for the entity we marked with ORIGIN_ID = the contact's id before creating anything, so a
 * job that died between the portal's answer and our write does not make a second one.
 */
export async function runBitrixLead(env: Env, job: JobOf<"bitrix24-lead">): Promise<void> {
  const row = await loadIntegration(env, job.accountId);
  if (!row) return;
  const settings = settingsOf(row);
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO bitrix24_links (account_id, contact_id, status, entity_type, entity_id, bitrix_contact_id, reason, error, created_at, updated_at)
     VALUES (?1, ?2, 'pending', ?3, NULL, NULL, ?4, NULL, ?5, ?5)
     ON CONFLICT(account_id, contact_id) DO UPDATE SET status = 'pending', error = NULL, updated_at = ?5 WHERE bitrix24_links.status = 'failed'`,
  )
    .bind(job.accountId, job.contactId, settings.entity, job.reason, now)
    .run();
  const link = await env.DB.prepare("SELECT * FROM bitrix24_links WHERE account_id = ?1 AND contact_id = ?2").bind(job.accountId, job.contactId).first<{ status: string; entity_type: "lead" | "deal"; entity_id: string | null }>();
  const contact = await env.DB.prepare("SELECT id, name, phone, platform, platform_username, about FROM contacts WHERE id = ?1 AND account_id = ?2").bind(job.contactId, job.accountId).first<ContactRow>();
  if (!link || !contact) return;
  let entity = link.status === "done" && link.entity_id ? { entityType: link.entity_type, entityId: link.entity_id } : null;
  if (!entity) {
    try {
      const own = await findOwn(env, job.accountId, link.entity_type, contact.id);
      const made = own ? { entityType: link.entity_type, entityId: own, bitrixContactId: null } : await createEntity(env, job.accountId, contact, { ...settings, entity: link.entity_type }, job.reason);
      const claimed = await env.DB.prepare(
        "UPDATE bitrix24_links SET status = 'done', entity_id = ?3, bitrix_contact_id = COALESCE(?4, bitrix_contact_id), updated_at = ?5 WHERE account_id = ?1 AND contact_id = ?2 AND status = 'pending'",
      )
        .bind(job.accountId, contact.id, made.entityId, made.bitrixContactId, Date.now())
        .run();
      entity = made;
      if (claimed.meta.changes)
        await emitWebhookEvent(env, job.accountId, "lead.created", { contactId: contact.id, entityType: made.entityType, entityId: made.entityId, portal: row.domain, reason: job.reason });
    } catch (error) {
      if (transient(error)) throw error;
      const message = error instanceof Error ? error.message : String(error);
      await env.DB.prepare("UPDATE bitrix24_links SET status = 'failed', error = ?3, updated_at = ?4 WHERE account_id = ?1 AND contact_id = ?2").bind(job.accountId, contact.id, message, Date.now()).run();
      await emitWebhookEvent(env, job.accountId, "lead.failed", { contactId: contact.id, entityType: link.entity_type, portal: row.domain, reason: job.reason, error: message });
      log.warn("bitrix24 lead failed", { accountId: job.accountId, error: message });
      return;
    }
  }
  if (job.reason === "handoff" && job.threadId) await addTranscript(env, job.accountId, job.threadId, entity.entityType, entity.entityId);
}

const DIRECTION: Record<string, string> = { incoming: "Клиент", outgoing: "Ответ", system: "Система" };

/** The conversation (its last 100 messages) as a timeline comment of the lead or deal. */
async function addTranscript(env: Env, accountId: string, threadId: string, entityType: "lead" | "deal", entityId: string) {
  const rows = await env.DB.prepare(
    "SELECT direction, content, created_at FROM messages WHERE account_id = ?1 AND thread_id = ?2 ORDER BY created_at DESC, id DESC LIMIT 100",
  )
    .bind(accountId, threadId)
    .all<{ direction: string; content: string; created_at: number }>();
  if (!rows.results.length) return;
  const fmt = new Intl.DateTimeFormat("ru-RU", { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Moscow" });
  const lines = rows.results.reverse().map((m) => `[${fmt.format(new Date(m.created_at))}] ${DIRECTION[m.direction] ?? m.direction}: ${m.content}`);
  await bitrixCall(env, accountId, "crm.timeline.comment.add", { fields: { ENTITY_ID: Number(entityId), ENTITY_TYPE: entityType, COMMENT: `Переписка до передачи оператору:\n${lines.join("\n")}`.slice(0, 60_000) } });
}
