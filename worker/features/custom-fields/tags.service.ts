import { and, asc, eq, not, sql } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import { accountFilter, inJson } from "../../db/queries";
import type { Tag } from "../../db/schema/custom-fields";
import type { Env } from "../../env";
import { AppError, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { fieldError } from "./custom-fields.service";
import { MAX_TAGS, type TagColor } from "./field-types";

const { tags, contactTags } = schema;

export const TAG_NOT_FOUND = "Тег не найден";
const nameTaken = () => fieldError("name", "Тег с таким названием уже есть", 409, "TAG_NAME_TAKEN");

/** A tag as a contact carries it. */
export function tagDto(t: Pick<Tag, "id" | "name" | "color">) {
  return { tagId: t.id, name: t.name, color: t.color };
}
export type TagDto = ReturnType<typeof tagDto>;

// Counted over the (tag, contact) primary key: no table row is read.
const countOf = () => sql<number>`(SELECT count(*) FROM contact_tags ct WHERE ct.tag_id = ${tags.id})`;

function listDto(t: Tag, contactCount: number) {
  return { ...tagDto(t), contactCount, createdAt: t.createdAt, updatedAt: t.updatedAt };
}

export async function listTags(env: Env, accountId: string) {
  const rows = await getDb(env.DB)
    .select({ t: tags, n: countOf() })
    .from(tags)
    .where(eq(tags.accountId, accountId))
    .orderBy(asc(tags.nameKey))
    .all();
  return { data: rows.map((r) => listDto(r.t, Number(r.n))) };
}

async function tagRow(env: Env, accountId: string, tagId: string) {
  const row = await getDb(env.DB)
    .select({ t: tags, n: countOf() })
    .from(tags)
    .where(and(eq(tags.id, tagId), eq(tags.accountId, accountId)))
    .get();
  if (!row) throw notFound(TAG_NOT_FOUND, "TAG_NOT_FOUND");
  return row;
}

export async function createTag(env: Env, accountId: string, input: { name: string; color: TagColor }) {
  const db = getDb(env.DB);
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)` }).from(tags).where(eq(tags.accountId, accountId)).all();
  if (Number(n) >= MAX_TAGS) throw new AppError(400, "TAGS_LIMIT", `В аккаунте может быть не больше ${MAX_TAGS} тегов`);
  const now = Date.now();
  const [created] = await db
    .insert(tags)
    .values({ id: newId(), accountId, name: input.name, nameKey: input.name.toLowerCase(), color: input.color, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!created) throw nameTaken();
  return listDto(created, 0);
}

export async function updateTag(env: Env, accountId: string, tagId: string, input: { name?: string; color?: TagColor }) {
  const { t, n } = await tagRow(env, accountId, tagId);
  const name = input.name ?? t.name;
  const db = getDb(env.DB);
  const clash = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.accountId, accountId), eq(tags.nameKey, name.toLowerCase())))
    .get();
  if (clash && clash.id !== tagId) throw nameTaken();
  const [updated] = await db
    .update(tags)
    .set({ name, nameKey: name.toLowerCase(), color: input.color ?? t.color, updatedAt: Date.now() })
    .where(and(eq(tags.id, tagId), eq(tags.accountId, accountId)))
    .returning();
  if (!updated) throw notFound(TAG_NOT_FOUND, "TAG_NOT_FOUND");
  return listDto(updated, Number(n));
}

/** Deletes the tag; its links to contacts go with it (the count says how many contacts lose it). */
export async function deleteTag(env: Env, accountId: string, tagId: string) {
  const db = getDb(env.DB);
  const ofTag = and(eq(contactTags.accountId, accountId), eq(contactTags.tagId, tagId));
  const [links, , deleted] = await db.batch([
    db.select({ n: sql<number>`count(*)` }).from(contactTags).where(ofTag),
    db.delete(contactTags).where(ofTag),
    db
      .delete(tags)
      .where(and(eq(tags.id, tagId), eq(tags.accountId, accountId)))
      .returning({ id: tags.id }),
  ]);
  if (deleted.length === 0) throw notFound(TAG_NOT_FOUND, "TAG_NOT_FOUND");
  return { tagId, unlinkedContacts: Number(links[0]?.n ?? 0) };
}

/** The tags of one contact, by name. */
export async function tagsOfContact(env: Env, accountId: string, contactId: string): Promise<TagDto[]> {
  const rows = await getDb(env.DB)
    .select({ id: tags.id, name: tags.name, color: tags.color })
    .from(contactTags)
    .innerJoin(tags, eq(tags.id, contactTags.tagId))
    .where(and(accountFilter(contactTags.accountId, accountId), eq(contactTags.contactId, contactId)))
    .orderBy(asc(tags.nameKey))
    .all();
  return rows.map(tagDto);
}

/** The contact carries exactly these tags afterwards (one transaction); another account's tag is a 404. */
export async function setContactTags(env: Env, accountId: string, contactId: string, tagIds: string[]) {
  const db = getDb(env.DB);
  const wanted = [...new Set(tagIds)];
  if (wanted.length) {
    const found = await db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.accountId, accountId), inJson(tags.id, wanted)))
      .all();
    if (found.length !== wanted.length) throw notFound(TAG_NOT_FOUND, "TAG_NOT_FOUND");
  }
  const now = Date.now();
  const ofContact = and(accountFilter(contactTags.accountId, accountId), eq(contactTags.contactId, contactId));
  await db.batch([
    wanted.length ? db.delete(contactTags).where(and(ofContact, not(inJson(contactTags.tagId, wanted)))) : db.delete(contactTags).where(ofContact),
    ...wanted.map((tagId) => db.insert(contactTags).values({ accountId, tagId, contactId, createdAt: now }).onConflictDoNothing()),
  ]);
  return tagsOfContact(env, accountId, contactId);
}
