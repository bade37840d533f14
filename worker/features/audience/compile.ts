import type { CustomField } from "../../db/schema/custom-fields";
import type { Env } from "../../env";
import { AppError } from "../../lib/errors";
import { searchFold } from "../../lib/search-fold";
import { parseFieldValue } from "../custom-fields/field-values";
import type { AudienceFilter } from "./filter";

/**
 * Filter → SQL over `contacts c`, always scoped to the account, with bound parameters only.
 * Positive tag and field conditions are sets of contact ids read from the (account, tag|field,
 * value, contact) covering indexes; their INTERSECT (a sort-merge) drives the query (`CROSS JOIN`
 * fixes the order: without ANALYZE statistics SQLite would otherwise walk every contact of the
 * account), so only the intersection's contacts are read, through the covering
 * `contacts_audience_idx` when a count needs no more than platform, test flag, subscription and
 * last activity. Negative conditions are NOT EXISTS probes.
 * Lists (tag ids, contact ids) travel as one JSON parameter through json_each: D1 binds at most 100
 * parameters a statement.
 */
export interface CompiledFilter {
  /** The FROM clause giving alias `c` (contacts, or the driving set joined to them). */
  from: string;
  /** A boolean expression over alias `c`. */
  where: string;
  /** The parameters of `from`, then those of `where`. */
  args: (string | number)[];
}

/** Types whose values compare on `value_num`. */
const NUMERIC = new Set<CustomField["type"]>(["number", "date", "datetime", "boolean"]);
const TEXTUAL = new Set<CustomField["type"]>(["text", "phone", "email", "url", "select", "multiselect"]);

type FieldErrors = Record<string, string[]>;

function badFilter(errors: FieldErrors): AppError {
  const [message] = Object.values(errors)[0] ?? ["Проверьте фильтр"];
  return new AppError(400, "VALIDATION_ERROR", `Проверьте фильтр — ${message}`, { fields: errors });
}

type FieldDef = { id: string; type: CustomField["type"]; options: string[] };
/** What a filter names, as found in the account: its own tag ids, its fields by key, the time zone. */
export type Lookups = { ownTags: Set<string>; fields: Map<string, FieldDef>; tz: string };

async function lookups(env: Env, accountId: string, f: AudienceFilter): Promise<Lookups> {
  const tagIds = [...new Set([...(f.tags?.any ?? []), ...(f.tags?.all ?? []), ...(f.tags?.none ?? [])])];
  const keys = [...new Set((f.fields ?? []).map((c) => c.key))];
  // Nothing to look up: no round trip (the contacts list without tag or field conditions).
  if (tagIds.length === 0 && keys.length === 0) return { ownTags: new Set(), fields: new Map(), tz: "UTC" };
  const [tagRows, fieldRows, account] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare("SELECT id FROM tags WHERE account_id = ? AND id IN (SELECT value FROM json_each(?))").bind(accountId, JSON.stringify(tagIds)),
    env.DB.prepare("SELECT id, key, type, options FROM custom_fields WHERE account_id = ? AND key IN (SELECT value FROM json_each(?))").bind(accountId, JSON.stringify(keys)),
    env.DB.prepare("SELECT timezone FROM accounts WHERE id = ?").bind(accountId),
  ]);
  const ownTags = new Set(tagRows.results.map((r) => String(r.id)));
  const fields = new Map(
    fieldRows.results.map((r) => [String(r.key), { id: String(r.id), type: r.type as CustomField["type"], options: JSON.parse(String(r.options ?? "[]")) as string[] }]),
  );
  return { ownTags, fields, tz: String(account.results[0]?.timezone ?? "UTC") };
}

type Cond = AudienceFilter["fields"] extends (infer C)[] | undefined ? C : never;

const VALUES = "SELECT v.contact_id FROM contact_field_values v WHERE v.account_id = ? AND v.field_id = ?";

/** A condition: a set of contact ids (a SELECT of `contact_id`, each id once) or an expression over `c`. */
type Part = ({ set: string } | { where: string }) & { args: (string | number)[] };

/** One field condition as SQL, or an error message for the field's type. */
function fieldSql(accountId: string, field: FieldDef, c: Cond, tz: string): Part | string {
  const base = [accountId, field.id];
  if (c.op === "isSet") return { set: VALUES, args: base };
  if (c.op === "isNotSet") return { where: `NOT EXISTS (${VALUES} AND v.contact_id = c.id)`, args: base };
  if (c.op === "contains") {
    if (!TEXTUAL.has(field.type)) return "«Содержит» подходит только для текстовых полей";
    const needle = String(c.value);
    if (field.type === "multiselect") return { set: `${VALUES} AND EXISTS (SELECT 1 FROM json_each(v.value_text) j WHERE j.value = ?)`, args: [...base, needle] };
    // SQLite's lower() folds ASCII only: the exact-case match catches Cyrillic as typed.
    return { set: `${VALUES} AND (instr(v.value_text, ?) > 0 OR instr(lower(v.value_text), ?) > 0)`, args: [...base, needle, needle.toLowerCase()] };
  }
  if ((c.op === "greater" || c.op === "less") && !NUMERIC.has(field.type)) return "«Больше» и «меньше» подходят для чисел и дат";
  if (field.type === "multiselect") {
    if (!field.options.includes(String(c.value))) return "Выберите один из вариантов поля";
    return { set: `${VALUES} AND EXISTS (SELECT 1 FROM json_each(v.value_text) j WHERE j.value = ?)`, args: [...base, String(c.value)] };
  }
  const parsed = parseFieldValue(field, c.value, tz);
  if (!parsed) return "Укажите значение";
  if (!parsed.ok) return parsed.error;
  if (NUMERIC.has(field.type)) {
    const op = c.op === "greater" ? ">" : c.op === "less" ? "<" : "=";
    return { set: `${VALUES} AND v.value_num ${op} ?`, args: [...base, parsed.stored.num ?? 0] };
  }
  return { set: `${VALUES} AND v.value_text = ?`, args: [...base, parsed.stored.text] };
}

// INDEXED BY: with a json_each list SQLite would otherwise scan contact_tags and keep a Bloom filter.
const TAGGED = "SELECT ct.contact_id FROM contact_tags ct INDEXED BY contact_tags_account_tag_idx WHERE ct.account_id = ? AND ct.tag_id";

/**
 * Compiles the filter for the account (test contacts only when asked: never in an audience). A tag
 * id or field key the account does not have is a 400 naming the filter's part, so another
 * account's rows can never be reached through it.
 */
export async function compileFilter(env: Env, accountId: string, f: AudienceFilter, testContacts = false): Promise<CompiledFilter> {
  return filterSql(accountId, f, await lookups(env, accountId, f), testContacts);
}

/** The SQL of a filter once its tags and fields are looked up (pure: the benchmark's floor runs it too). */
export function filterSql(accountId: string, f: AudienceFilter, looked: Lookups, testContacts = false): CompiledFilter {
  const { ownTags, fields, tz } = looked;
  const errors: FieldErrors = {};
  const parts: string[] = ["c.account_id = ?", "c.is_test_contact = ?"];
  const args: (string | number)[] = [accountId, testContacts ? 1 : 0];
  const sets: string[] = [];
  const setArgs: (string | number)[] = [];
  const add = (where: string, ...a: (string | number)[]) => (parts.push(where), args.push(...a));
  const addSet = (set: string, ...a: (string | number)[]) => (sets.push(set), setArgs.push(...a));
  let dupes = false;

  if (f.channels?.length) add("c.platform IN (SELECT value FROM json_each(?))", JSON.stringify(f.channels));
  for (const mode of ["any", "all", "none"] as const) {
    const ids = f.tags?.[mode];
    if (!ids?.length) continue;
    if (ids.some((t) => !ownTags.has(t))) {
      errors[`filter.tags.${mode}`] = ["Такого тега нет в аккаунте"];
      continue;
    }
    const list = JSON.stringify([...new Set(ids)]);
    if (mode === "any" && ids.length === 1) addSet(`${TAGGED} = ?`, accountId, ids[0]!);
    else if (mode === "any") addSet(`${TAGGED} IN (SELECT value FROM json_each(?))`, accountId, list), (dupes = true);
    else if (mode === "none") add(`NOT EXISTS (${TAGGED} IN (SELECT value FROM json_each(?)) AND ct.contact_id = c.id)`, accountId, list);
    else for (const tagId of new Set(ids)) addSet(`${TAGGED} = ?`, accountId, tagId);
  }
  (f.fields ?? []).forEach((c, i) => {
    const field = fields.get(c.key);
    if (!field) return void (errors[`filter.fields.${i}.key`] = ["Такого поля нет в аккаунте"]);
    const sql = fieldSql(accountId, field, c, tz);
    if (typeof sql === "string") errors[`filter.fields.${i}.value`] = [sql];
    else if ("set" in sql) addSet(sql.set, ...sql.args);
    else add(sql.where, ...sql.args);
  });
  if (f.lastActivity?.from) add("c.last_seen_at >= ?", Date.parse(f.lastActivity.from));
  if (f.lastActivity?.to) add("c.last_seen_at < ?", Date.parse(f.lastActivity.to));
  if (f.subscription) add("c.subscription = ?", f.subscription);
  // Folded as the stored haystack is (lib/search-fold.ts: JS lower-casing, ё as е).
  if (f.q) add("instr(c.search_text, ?) > 0", searchFold(f.q));
  if (Object.keys(errors).length) throw badFilter(errors);
  // One set of a multi-tag "any" repeats contacts; INTERSECT of two or more yields each id once.
  // ORDER BY turns the INTERSECT into a merge (sets read from the tag and equality indexes come
  // sorted already; a range is sorted once) instead of two temporary B-trees, and hands the ids to
  // the join in order; LIMIT -1 keeps SQLite from dropping the ORDER BY of a FROM subquery.
  const driver = sets.length === 1 ? (dupes ? `SELECT DISTINCT contact_id FROM (${sets[0]})` : sets[0]) : `${sets.join(" INTERSECT ")} ORDER BY 1 LIMIT -1`;
  const from = sets.length ? `(${driver}) d CROSS JOIN contacts c ON c.id = d.contact_id` : "contacts c";
  return { from, where: parts.join(" AND "), args: [...setArgs, ...args] };
}

/** The filter's contacts, or only the given ids among them (ids of another account match nothing). */
export async function compileSelection(env: Env, accountId: string, sel: { ids?: string[]; filter?: AudienceFilter }): Promise<CompiledFilter> {
  const compiled = await compileFilter(env, accountId, sel.filter ?? {});
  if (!sel.ids) return compiled;
  return { ...compiled, where: `${compiled.where} AND c.id IN (SELECT value FROM json_each(?))`, args: [...compiled.args, JSON.stringify(sel.ids)] };
}

/** The audience of a broadcast or a segment's count: the filter's contacts that may receive broadcasts. */
export function reachable(compiled: CompiledFilter): CompiledFilter {
  return { ...compiled, where: `${compiled.where} AND c.subscription = 'subscribed'` };
}

/** An audience's count per platform (rows of {platform, n}) over a compiled filter. */
export const countSql = (f: CompiledFilter) => `SELECT c.platform AS platform, count(*) AS n FROM ${f.from} WHERE ${f.where} GROUP BY c.platform`;
