import { and, asc, count, eq, inArray, like, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { schema, type Db } from "../../db/client";
import type { HelpCategory, HelpLocale } from "../../db/schema/help";
import { conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { paged } from "../../lib/validation";
import { foldedPattern, searchTextOf } from "./help-text";
import type { AdminListQuery, ArticleInput, ArticleUpdate } from "./help.schemas";

const a = schema.helpArticles;
const t = schema.helpArticleTranslations;
const votes = schema.helpArticleVotes;
const ARTICLE_NOT_FOUND = "Статья не найдена";

/** Articles joined with their text in `locale` (see resolveLocale: English for ar/fr readers), Russian where that translation is missing. */
function localized(db: Db, locale: HelpLocale) {
  const mine = alias(t, "mine");
  const ru = alias(t, "ru");
  const pick = (k: "title" | "summary" | "body" | "searchText" | "locale") => sql<string>`coalesce(${mine[k]}, ${ru[k]})`;
  const columns = {
    id: a.id,
    slug: a.slug,
    category: a.category,
    title: pick("title"),
    summary: pick("summary"),
    locale: sql<HelpLocale>`coalesce(${mine.locale}, ${ru.locale})`,
    helpfulCount: a.helpfulCount,
    notHelpfulCount: a.notHelpfulCount,
    updatedAt: a.updatedAt,
  };
  const joinRu = and(eq(ru.articleId, a.id), eq(ru.locale, "ru"));
  const joinMine = and(eq(mine.articleId, a.id), eq(mine.locale, locale));
  return { columns, ru, mine, joinRu, joinMine, body: pick("body"), searchText: pick("searchText") };
}

/** The help center's list: published articles, optionally of one category and matching `q` (title, summary and body). */
export async function listArticles(db: Db, locale: HelpLocale, filter: { q?: string; category?: HelpCategory }) {
  const { columns, ru, mine, joinRu, joinMine, searchText } = localized(db, locale);
  const rows = await db
    .select(columns)
    .from(a)
    .innerJoin(ru, joinRu)
    .leftJoin(mine, joinMine)
    .where(and(eq(a.published, true), filter.category ? eq(a.category, filter.category) : undefined, filter.q ? like(searchText, foldedPattern(filter.q)) : undefined))
    .orderBy(asc(a.position), asc(a.createdAt))
    .limit(200)
    .all();
  return { locale, total: rows.length, data: rows.map(({ id: _id, ...r }) => r) };
}

/** One published article by its slug, with its (published) related articles and the reader's own vote. */
export async function readArticle(db: Db, locale: HelpLocale, slug: string, userId: string) {
  const { columns, ru, mine, joinRu, joinMine, body } = localized(db, locale);
  const row = await db
    .select({ ...columns, body, related: a.related })
    .from(a)
    .innerJoin(ru, joinRu)
    .leftJoin(mine, joinMine)
    .where(and(eq(a.slug, slug), eq(a.published, true)))
    .get();
  if (!row) throw notFound(ARTICLE_NOT_FOUND, "ARTICLE_NOT_FOUND");
  const [related, vote] = await Promise.all([
    row.related.length
      ? db
          .select({ slug: a.slug, category: a.category, title: columns.title, summary: columns.summary })
          .from(a)
          .innerJoin(ru, joinRu)
          .leftJoin(mine, joinMine)
          .where(and(inArray(a.slug, row.related), eq(a.published, true)))
          .all()
      : Promise.resolve([]),
    db.select({ helpful: votes.helpful }).from(votes).where(and(eq(votes.articleId, row.id), eq(votes.userId, userId))).get(),
  ]);
  const { id: _id, related: order, ...article } = row;
  return {
    ...article,
    related: order.map((s) => related.find((r) => r.slug === s)).filter((r) => r !== undefined),
    myVote: vote ? vote.helpful : null,
  };
}

/**
 * "Was this helpful?": one vote per user per article, replaced when the user changes it. The
 * counters are recounted from the votes in the same batch, so repeated or concurrent votes never
 * drift from the votes table.
 */
export async function voteArticle(db: Db, slug: string, userId: string, helpful: boolean) {
  const article = await db.select({ id: a.id }).from(a).where(and(eq(a.slug, slug), eq(a.published, true))).get();
  if (!article) throw notFound(ARTICLE_NOT_FOUND, "ARTICLE_NOT_FOUND");
  const now = Date.now();
  const tally = (value: boolean) => sql<number>`(select count(*) from ${votes} where ${votes.articleId} = ${article.id} and ${votes.helpful} = ${value ? 1 : 0})`;
  await db.batch([
    db
      .insert(votes)
      .values({ articleId: article.id, userId, helpful, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [votes.articleId, votes.userId], set: { helpful, updatedAt: now } }),
    db.update(a).set({ helpfulCount: tally(true), notHelpfulCount: tally(false) }).where(eq(a.id, article.id)),
  ]);
  const counts = await db.select({ helpfulCount: a.helpfulCount, notHelpfulCount: a.notHelpfulCount }).from(a).where(eq(a.id, article.id)).get();
  return { ...counts!, myVote: helpful };
}

// ---- administrators ----

function translationRows(articleId: string, input: Pick<ArticleUpdate, "ru" | "en">) {
  const out: (typeof t.$inferInsert)[] = [];
  for (const locale of ["ru", "en"] as const) {
    const x = input[locale];
    if (x) out.push({ articleId, locale, ...x, searchText: searchTextOf(x.title, x.summary, x.body) });
  }
  return out;
}

/** An article as administrators edit it: both translations (en null when absent), unpublished ones too. */
export async function getArticleAdmin(db: Db, id: string) {
  const article = await db.select().from(a).where(eq(a.id, id)).get();
  if (!article) throw notFound(ARTICLE_NOT_FOUND, "ARTICLE_NOT_FOUND");
  const texts = await db.select().from(t).where(eq(t.articleId, id)).all();
  const text = (l: HelpLocale) => {
    const x = texts.find((r) => r.locale === l);
    return x ? { title: x.title, summary: x.summary, body: x.body } : null;
  };
  return { ...article, ru: text("ru")!, en: text("en") };
}

export async function listArticlesAdmin(db: Db, q: AdminListQuery) {
  const where: SQL | undefined = and(
    q.category ? eq(a.category, q.category) : undefined,
    q.q ? sql`(${like(a.slug, `%${q.q.toLowerCase()}%`)} or exists (select 1 from ${t} where ${t.articleId} = ${a.id} and ${like(t.searchText, foldedPattern(q.q))}))` : undefined,
  );
  const [rows, total] = await Promise.all([
    db.select({ id: a.id }).from(a).where(where).orderBy(asc(a.category), asc(a.position), asc(a.createdAt)).limit(q.limit).offset((q.page - 1) * q.limit).all(),
    db.select({ n: count() }).from(a).where(where).get(),
  ]);
  const data = await Promise.all(rows.map((r) => getArticleAdmin(db, r.id)));
  return paged(data, total?.n ?? 0, q.page, q.limit);
}

async function assertSlugFree(db: Db, slug: string, exceptId?: string) {
  const other = await db.select({ id: a.id }).from(a).where(eq(a.slug, slug)).get();
  if (other && other.id !== exceptId) throw conflict(`Адрес «${slug}» уже занят другой статьёй`, "SLUG_TAKEN");
}

export async function createArticle(db: Db, input: ArticleInput) {
  await assertSlugFree(db, input.slug);
  const now = Date.now();
  const id = newId();
  const { ru: _ru, en: _en, ...fields } = input;
  const [first, ...rest] = translationRows(id, input).map((row) => db.insert(t).values(row));
  await db.batch([db.insert(a).values({ id, ...fields, createdAt: now, updatedAt: now }), first!, ...rest]);
  return getArticleAdmin(db, id);
}

export async function updateArticle(db: Db, id: string, input: ArticleUpdate) {
  await getArticleAdmin(db, id);
  if (input.slug) await assertSlugFree(db, input.slug, id);
  const { ru, en, ...fields } = input;
  await db.batch([
    db.update(a).set({ ...fields, updatedAt: Date.now() }).where(eq(a.id, id)),
    ...translationRows(id, { ru, en }).map((row) =>
      db.insert(t).values(row).onConflictDoUpdate({ target: [t.articleId, t.locale], set: { title: row.title, summary: row.summary, body: row.body, searchText: row.searchText } }),
    ),
    ...(en === null ? [db.delete(t).where(and(eq(t.articleId, id), eq(t.locale, "en")))] : []),
  ]);
  return getArticleAdmin(db, id);
}

export async function deleteArticle(db: Db, id: string) {
  const [gone] = await db.delete(a).where(eq(a.id, id)).returning({ id: a.id });
  if (!gone) throw notFound(ARTICLE_NOT_FOUND, "ARTICLE_NOT_FOUND");
}
