// Seed of the FAQ and help center: platform-wide content (no account), Russian and English
// (scripts/help-content.mjs). Fixed ids + INSERT OR IGNORE: a second run changes nothing, and an
// administrator's later edits of a seeded entry survive re-seeding.
import { ARTICLES, FAQ } from "./help-content.mjs";

/** The worker's searchTextOf (worker/features/help/help-text.ts), for plain Node. */
function searchText(...parts) {
  return parts
    .join("\n")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#*_`>|~]/g, " ")
    .replace(/\s+/g, " ")
    .toLowerCase()
    .replace(/ё/g, "е")
    .trim();
}

/** seed.mjs `sections` entry: (now, quote) → SQL statements. */
export function helpSeed(now, q) {
  const s = [];
  FAQ.forEach((f, i) => {
    s.push(`INSERT OR IGNORE INTO help_faq_entries (id, category, position, published, created_at, updated_at) VALUES (${q(f.id)}, ${q(f.category)}, ${i * 10}, 1, ${now + i}, ${now + i});`);
    for (const locale of ["ru", "en"]) {
      const t = f[locale];
      s.push(
        `INSERT OR IGNORE INTO help_faq_translations (entry_id, locale, question, answer, search_text) VALUES (${q(f.id)}, '${locale}', ${q(t.question)}, ${q(t.answer)}, ${q(searchText(t.question, t.answer))});`,
      );
    }
  });
  ARTICLES.forEach((a, i) => {
    s.push(
      `INSERT OR IGNORE INTO help_articles (id, slug, category, position, related, published, helpful_count, not_helpful_count, created_at, updated_at) VALUES (${q(a.id)}, ${q(a.slug)}, ${q(a.category)}, ${i * 10}, ${q(JSON.stringify(a.related))}, 1, 0, 0, ${now + i}, ${now + i});`,
    );
    for (const locale of ["ru", "en"]) {
      const t = a[locale];
      s.push(
        `INSERT OR IGNORE INTO help_article_translations (article_id, locale, title, summary, body, search_text) VALUES (${q(a.id)}, '${locale}', ${q(t.title)}, ${q(t.summary)}, ${q(t.body)}, ${q(searchText(t.title, t.summary, t.body))});`,
      );
    }
  });
  return s;
}
