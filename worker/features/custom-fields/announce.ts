import { and, desc, eq } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import { accountFilter } from "../../db/queries";
import type { Env } from "../../env";
import { publishSafe } from "../inbox/realtime";
import { serializeContact } from "../inbox/serialize";
import { valuesOfContact } from "./contact-fields.service";
import { tagsOfContact } from "./tags.service";

const { contacts, threads } = schema;

/**
 * A contact's field values or tags changed: the room gets an `updateContact` (other operators'
 * open profiles and lists refresh) and outgoing webhooks a `contact.updated` whose data adds the
 * contact's `fields` ({ key: value }) and `tags` ([{ tagId, name, color }]) to the usual contact.
 */
export async function announceContactChange(env: Env, accountId: string, contactId: string): Promise<void> {
  const db = getDb(env.DB);
  const [contact, thread, fields, tags] = await Promise.all([
    db.select().from(contacts).where(and(eq(contacts.id, contactId), eq(contacts.accountId, accountId))).get(),
    db.select().from(threads).where(and(accountFilter(threads.accountId, accountId), eq(threads.contactId, contactId))).orderBy(desc(threads.updatedAt)).get(),
    valuesOfContact(env, accountId, contactId),
    tagsOfContact(env, accountId, contactId),
  ]);
  if (!contact) return;
  const dto = serializeContact(contact, thread ?? null);
  await publishSafe(env, accountId, [{ event: "updateContact", data: dto, webhooks: [{ type: "contact.updated", data: { ...dto, fields, tags } }] }]);
}
