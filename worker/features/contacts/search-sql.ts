/**
 * The inbox search without filters (kept apart from the service so the benchmark's node:sqlite
 * floor runs exactly this SQL). An account's threads have rowids in a range of their own (migration
 * 0010: search_slot · 2³², test threads in the upper half), so the trigram FTS index answers "this
 * account's matches" by itself and the total costs no row reads. The page then either reads the
 * matches' rows and sorts them (few matches), or walks the account's (updated_at, id) index newest
 * first and keeps the rows that matched (many matches: it stops after the page). Each branch's
 * LIMIT is zero unless the count chose it.
 * Parameters: ?1 the FTS phrase, ?2 the account id, ?3 is_test (0/1), ?4 limit, ?5 offset.
 */

/** Above this many matches the page walks the account's updated_at index; below, it reads the matches' rows. */
const SEARCH_WALK_FROM = 200;

const range = "(SELECT search_slot * 4294967296 + ?3 * 2147483648 FROM accounts WHERE id = ?2)";
/** The account's (test or not) matches: the phrase within its rowid range. */
const accountMatches = `threads_fts MATCH ?1 AND rowid >= ${range} AND rowid < ${range} + 2147483648`;

/** The page with its total (`page__total`); `columns` is the select list over `t` (threads) and `c` (contacts). */
export function chatSearchSql(columns: string): string {
  return `WITH m AS MATERIALIZED (SELECT rowid AS rid FROM threads_fts WHERE ${accountMatches}),
       n AS MATERIALIZED (SELECT count(*) AS total FROM m),
       page AS (
         SELECT rid FROM (
           SELECT t.rowid AS rid FROM threads t INDEXED BY threads_account_test_updated_idx
           WHERE t.account_id = ?2 AND t.is_test = ?3 AND t.rowid IN (SELECT rid FROM m)
           ORDER BY t.updated_at DESC, t.id DESC LIMIT (SELECT CASE WHEN total > ${SEARCH_WALK_FROM} THEN ?4 ELSE 0 END FROM n) OFFSET ?5)
         UNION ALL
         SELECT rid FROM (
           SELECT t.rowid AS rid FROM m CROSS JOIN threads t ON t.rowid = m.rid
           WHERE t.account_id = ?2 AND t.is_test = ?3
           ORDER BY t.updated_at DESC, t.id DESC LIMIT (SELECT CASE WHEN total > ${SEARCH_WALK_FROM} THEN 0 ELSE ?4 END FROM n) OFFSET ?5))
     SELECT (SELECT total FROM n) AS page__total, ${columns}
     FROM page CROSS JOIN threads t ON t.rowid = page.rid JOIN contacts c ON c.id = t.contact_id
     ORDER BY t.updated_at DESC, t.id DESC`;
}

/** The total alone (?1, ?2, ?3 as above): for a page past the last one, where no row carries it. */
export const CHAT_SEARCH_COUNT_SQL = `SELECT count(*) AS n FROM threads_fts WHERE ${accountMatches}`;
