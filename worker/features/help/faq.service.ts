import { and, asc, count, eq, like, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { schema, type Db } from "../../db/client";
import type { HelpLocale } from "../../db/schema/help";
import { notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { paged } from "../../lib/validation";
import { foldedPattern, searchTextOf } from "./help-text";
import type { AdminListQuery, FaqInput, FaqUpdate } from "./help.schemas";

const e = schema.helpFaqEntries;
const t = schema.helpFaqTranslations;
const FAQ_NOT_FOUND = "Вопрос не найден";

/**
 * The published FAQ in the reader's locale (see resolveLocale; the Russian text where a translation is missing),
 * grouped by category in the categories' order, entries by position; `q` searches question and
 * answer case-insensitively (Cyrillic included).
 */
export async function readFaq(db: Db, locale: HelpLocale, q?: string) {
  const mine = alias(t, "mine");
  const ru = alias(t, "ru");
  const searchText = sql<string>`coalesce(${mine.searchText}, ${ru.searchText})`;
  const rows = await db
    .select({
      id: e.id,
      category: e.category,
      question: sql<string>`coalesce(${mine.question}, ${ru.question})`,
      answer: sql<string>`coalesce(${mine.answer}, ${ru.answer})`,
      locale: sql<HelpLocale>`coalesce(${mine.locale}, ${ru.locale})`,
    })
    .from(e)
    .innerJoin(ru, and(eq(ru.entryId, e.id), eq(ru.locale, "ru")))
    .leftJoin(mine, and(eq(mine.entryId, e.id), eq(mine.locale, locale)))
    .where(and(eq(e.published, true), q ? like(searchText, foldedPattern(q)) : undefined))
    .orderBy(asc(e.position), asc(e.createdAt))
    .limit(500)
    .all();
  const groups = schema.HELP_CATEGORIES.map((category) => ({ category, entries: rows.filter((r) => r.category === category) })).filter((g) => g.entries.length > 0);
  return { locale, total: rows.length, groups };
}

function translationRows(entryId: string, input: Pick<FaqUpdate, "ru" | "en">) {
  const out: (typeof t.$inferInsert)[] = [];
  if (input.ru) out.push({ entryId, locale: "ru", ...input.ru, searchText: searchTextOf(input.ru.question, input.ru.answer) });
  if (input.en) out.push({ entryId, locale: "en", ...input.en, searchText: searchTextOf(input.en.question, input.en.answer) });
  return out;
}

const upsertTranslation = (db: Db, row: typeof t.$inferInsert) =>
  db
    .insert(t)
    .values(row)
    .onConflictDoUpdate({ target: [t.entryId, t.locale], set: { question: row.question, answer: row.answer, searchText: row.searchText } });

/** An entry as administrators edit it: both translations (en null when absent). */
export async function getFaqEntry(db: Db, id: string) {
  const entry = await db.select().from(e).where(eq(e.id, id)).get();
  if (!entry) throw notFound(FAQ_NOT_FOUND, "FAQ_NOT_FOUND");
  const texts = await db.select().from(t).where(eq(t.entryId, id)).all();
  const text = (l: HelpLocale) => {
    const x = texts.find((r) => r.locale === l);
    return x ? { question: x.question, answer: x.answer } : null;
  };
  return { ...entry, ru: text("ru")!, en: text("en") };
}

export async function listFaqAdmin(db: Db, q: AdminListQuery) {
  const where: SQL | undefined = and(
    q.category ? eq(e.category, q.category) : undefined,
    q.q ? sql`exists (select 1 from ${t} where ${t.entryId} = ${e.id} and ${like(t.searchText, foldedPattern(q.q))})` : undefined,
  );
  const [rows, total] = await Promise.all([
    db.select({ id: e.id }).from(e).where(where).orderBy(asc(e.category), asc(e.position), asc(e.createdAt)).limit(q.limit).offset((q.page - 1) * q.limit).all(),
    db.select({ n: count() }).from(e).where(where).get(),
  ]);
  const data = await Promise.all(rows.map((r) => getFaqEntry(db, r.id)));
  return paged(data, total?.n ?? 0, q.page, q.limit);
}

export async function createFaqEntry(db: Db, input: FaqInput) {
  const now = Date.now();
  const id = newId();
  const [first, ...rest] = translationRows(id, input).map((row) => db.insert(t).values(row));
  await db.batch([db.insert(e).values({ id, category: input.category, position: input.position, published: input.published, createdAt: now, updatedAt: now }), first!, ...rest]);
  return getFaqEntry(db, id);
}

export async function updateFaqEntry(db: Db, id: string, input: FaqUpdate) {
  await getFaqEntry(db, id);
  const { ru, en, ...fields } = input;
  await db.batch([
    db.update(e).set({ ...fields, updatedAt: Date.now() }).where(eq(e.id, id)),
    ...translationRows(id, { ru, en }).map((row) => upsertTranslation(db, row)),
    ...(en === null ? [db.delete(t).where(and(eq(t.entryId, id), eq(t.locale, "en")))] : []),
  ]);
  return getFaqEntry(db, id);
}

export async function deleteFaqEntry(db: Db, id: string) {
  const [gone] = await db.delete(e).where(eq(e.id, id)).returning({ id: e.id });
  if (!gone) throw notFound(FAQ_NOT_FOUND, "FAQ_NOT_FOUND");
}
