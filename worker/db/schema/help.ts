import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { idKey, stringList, timestamps } from "./columns";
import { userRef } from "./users";

/**
 * The platform's self-help content (FAQ and help center), written by platform administrators and
 * the same for every account. An entry or article is language-neutral (category, order, published,
 * counters); its texts live in one translation row per locale ("ru" always, "en" optional). A
 * reader gets their locale's text (English for the other non-Russian interface languages), or the
 * Russian one when that translation is missing.
 * `searchText` is the translation's text lower-cased in JS with "ё" folded to "е" (SQLite's
 * lower() folds only Latin letters), so a LIKE over it is a Russian case-insensitive search.
 */
export const HELP_LOCALES = ["ru", "en"] as const;
export type HelpLocale = (typeof HELP_LOCALES)[number];

/** Categories of FAQ groups and articles; their names are translated in the SPA (help namespace). */
export const HELP_CATEGORIES = ["start", "channels", "assistants", "inbox", "flows", "broadcasts", "billing"] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

export const helpFaqEntries = sqliteTable(
  "help_faq_entries",
  {
    id: idKey(),
    category: text("category", { enum: HELP_CATEGORIES }).notNull(),
    position: integer("position").notNull().default(0),
    published: integer("published", { mode: "boolean" }).notNull().default(true),
    ...timestamps(),
  },
  (t) => [index("help_faq_order_idx").on(t.category, t.position)],
);

export const helpFaqTranslations = sqliteTable(
  "help_faq_translations",
  {
    entryId: text("entry_id")
      .notNull()
      .references(() => helpFaqEntries.id, { onDelete: "cascade" }),
    locale: text("locale", { enum: HELP_LOCALES }).notNull(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    searchText: text("search_text").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.locale] }), check("help_faq_tr_locale_ck", sql`${t.locale} IN ('ru', 'en')`)],
);

export const helpArticles = sqliteTable(
  "help_articles",
  {
    id: idKey(),
    /** The address of /help-center/article/{slug}: the same for every locale. */
    slug: text("slug").notNull(),
    category: text("category", { enum: HELP_CATEGORIES }).notNull(),
    position: integer("position").notNull().default(0),
    /** Slugs of related articles, in the order shown; unknown or unpublished ones are skipped when read. */
    related: stringList("related"),
    published: integer("published", { mode: "boolean" }).notNull().default(true),
    /** "Was this helpful?" counts, recomputed from help_article_votes on every vote. */
    helpfulCount: integer("helpful_count").notNull().default(0),
    notHelpfulCount: integer("not_helpful_count").notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex("help_articles_slug_uq").on(t.slug), index("help_articles_order_idx").on(t.category, t.position)],
);

export const helpArticleTranslations = sqliteTable(
  "help_article_translations",
  {
    articleId: text("article_id")
      .notNull()
      .references(() => helpArticles.id, { onDelete: "cascade" }),
    locale: text("locale", { enum: HELP_LOCALES }).notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    body: text("body").notNull(),
    searchText: text("search_text").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.locale] }), check("help_article_tr_locale_ck", sql`${t.locale} IN ('ru', 'en')`)],
);

/** One vote per user per article; a user may change it (the row is replaced). */
export const helpArticleVotes = sqliteTable(
  "help_article_votes",
  {
    articleId: text("article_id")
      .notNull()
      .references(() => helpArticles.id, { onDelete: "cascade" }),
    userId: userRef(),
    helpful: integer("helpful", { mode: "boolean" }).notNull(),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.userId] })],
);

export type HelpFaqEntry = typeof helpFaqEntries.$inferSelect;
export type HelpArticle = typeof helpArticles.$inferSelect;
