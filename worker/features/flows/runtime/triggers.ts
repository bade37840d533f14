import type { Env } from "../../../env";
import { searchFold } from "../../../lib/search-fold";
import type { Trigger } from "./types";

/** A published flow's start, as the trigger matching needs it (the graph is read only when one starts). */
export interface PublishedStart {
  flowId: string;
  name: string;
  version: number;
  triggers: Trigger[];
}

export interface FlowSource {
  flowId: string;
  name: string;
  version: number;
  graph: unknown;
}

/**
 * Published versions never change, so an isolate keeps the graphs it has read (by flow, version and
 * account); a start whose trigger already named the version then needs no read.
 */
const versions = new Map<string, FlowSource>();
const versionKey = (accountId: string, flowId: string, version: number) => `${accountId}:${flowId}:${version}`;

/** The account's published flows and the versions they run (cheap: no graph is read). */
export function startsStatement(db: D1Database, accountId: string): D1PreparedStatement {
  return db.prepare("SELECT id AS flow_id, name, published_version AS version FROM flows WHERE account_id = ?1 AND status = 'published' AND published_version IS NOT NULL").bind(accountId);
}

/** Triggers of the start step per published version (versions never change: kept for the isolate). */
const triggerCache = new Map<string, Trigger[]>();

/**
 * The published flows with their triggers: from the isolate's cache, the versions it has not seen
 * read in one statement (only the start step is taken out of each graph, in SQL).
 */
export async function readStarts(env: Env, accountId: string, rows: Record<string, unknown>[]): Promise<PublishedStart[]> {
  const list = rows.map((r) => ({ flowId: String(r.flow_id), name: String(r.name ?? ""), version: Number(r.version) }));
  const missing = list.filter((x) => !triggerCache.has(versionKey(accountId, x.flowId, x.version)));
  if (missing.length) {
    const found = await env.DB.prepare(
      `SELECT v.flow_id, v.version, (SELECT s.value ->> '$.flowConfig.triggers' FROM json_each(v.graph, '$.steps') s WHERE s.value ->> '$.stepType' = 'start' LIMIT 1) AS triggers
       FROM flow_versions v WHERE v.account_id = ?1 AND v.flow_id || ':' || v.version IN (SELECT value FROM json_each(?2))`,
    )
      .bind(accountId, JSON.stringify(missing.map((x) => `${x.flowId}:${x.version}`)))
      .all<Record<string, unknown>>();
    if (triggerCache.size > 2000) triggerCache.clear();
    for (const r of found.results) {
      let triggers: Trigger[] = [];
      try {
        const parsed = JSON.parse(String(r.triggers ?? "[]")) as unknown;
        if (Array.isArray(parsed)) triggers = parsed as Trigger[];
      } catch {
        // a start without triggers
      }
      triggerCache.set(versionKey(accountId, String(r.flow_id), Number(r.version)), triggers);
    }
  }
  return list.map((x) => ({ ...x, triggers: triggerCache.get(versionKey(accountId, x.flowId, x.version)) ?? [] }));
}

/** A message or keyword as the match compares them: NFC, case and ё folded, spaces collapsed. */
const norm = (s: string) => searchFold(s.normalize("NFC")).trim().replace(/\s+/g, " ");

/** Letters (any script, with their combining marks) and digits make words; anything else (spaces, punctuation, emoji) parts them. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** A word may end with this many more letters (an inflectional ending: «опт» → «оптом», not «оптимальнее»). */
const MAX_ENDING = 3;
/** Final vowels, «ь» and «й» are an ending themselves («запись» → «записи», «бронь» → «брони», «новая» → «новую»). */
const ENDS_IN_ENDING = /[аеиоуыэюяьйё]$/u;

/** One keyword word as a pattern: the word or its stem, then a short ending of letters. */
function wordPattern(w: string): string {
  if (/\p{N}$/u.test(w) || [...w].length < 3) return w;
  // The word's own ending comes off (up to two letters: «бесплатная» → «бесплатн», «консультация» → «консультац»), leaving three letters at least.
  let stem = w;
  for (let i = 0; i < 2 && ENDS_IN_ENDING.test(stem) && [...stem].length > 3; i++) stem = stem.slice(0, -1);
  return `${stem}[\\p{L}\\p{M}]{0,${MAX_ENDING}}`;
}

const patterns = new Map<string, RegExp | null>();

/**
 * A keyword's "contains" pattern (cached): its words in order, parted by anything but letters and
 * digits, the first one starting a word and each one ending a word after at most a short ending.
 * Null for a keyword without a letter or digit (an emoji): it is then looked for as it is.
 */
function containsPattern(kw: string): RegExp | null {
  let re = patterns.get(kw);
  if (re !== undefined) return re;
  const words = kw.match(WORD);
  re = words ? new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${words.map(wordPattern).join("[^\\p{L}\\p{M}\\p{N}]+")}(?![\\p{L}\\p{M}\\p{N}])`, "u") : null;
  if (patterns.size > 5000) patterns.clear();
  patterns.set(kw, re);
  return re;
}

/**
 * Whether the message hits one of the keywords. "exact": the whole message is the keyword (trimmed,
 * case and ё folded). "contains": the keyword (a word or a phrase) is in the message as words, in
 * any form: each word of it starts a word of the message and goes on by a short ending at most, and
 * a word ending in a vowel, «ь» or «й» may have that ending replaced («опт» hits «Куплю оптом» but
 * not «оптимальнее»; «запись» hits «записи», «записью»). Words under three letters match whole,
 * and the stem keeps three letters at least («чай» does not hit «чая»: «ча…» would hit «чат»).
 */
export function keywordHit(match: "exact" | "contains", keywords: string[], text: string): boolean {
  const t = norm(text);
  if (!t) return false;
  return keywords.some((k) => {
    const kw = norm(k);
    if (!kw) return false;
    if (match === "exact") return t === kw;
    const re = containsPattern(kw);
    return re ? re.test(t) : t.includes(kw);
  });
}

const onChannel = (channels: string[] | undefined, platform: string) => !channels?.length || channels.includes(platform);

type KeywordTrigger = Extract<Trigger, { type: "keyword" }>;

/** The first published flow whose keyword trigger the message hits (in a DM), among the triggers `accept` lets count. */
export function keywordStart(
  starts: PublishedStart[],
  m: { text: string; platform: string; threadKind: string },
  accept: (start: PublishedStart, trigger: KeywordTrigger) => boolean = () => true,
): PublishedStart | null {
  if (m.threadKind !== "dm") return null;
  for (const s of starts) {
    for (const t of s.triggers) if (t.type === "keyword" && onChannel(t.channels, m.platform) && accept(s, t) && keywordHit(t.match, t.keywords ?? [], m.text)) return s;
  }
  return null;
}

/** Which published flow an incoming message starts: a keyword first, then the first message of a new contact. */
export function matchMessage(starts: PublishedStart[], m: { text: string; platform: string; firstOfContact: boolean; threadKind: string }): { start: PublishedStart; trigger: string } | null {
  if (m.threadKind !== "dm") return null;
  const byKeyword = keywordStart(starts, m);
  if (byKeyword) return { start: byKeyword, trigger: "keyword" };
  if (!m.firstOfContact) return null;
  for (const s of starts) for (const t of s.triggers) if (t.type === "newContact" && onChannel(t.channels, m.platform)) return { start: s, trigger: "newContact" };
  return null;
}


/** The published version a start found by its trigger (cached), read when the isolate has not seen it. */
export async function startSource(env: Env, accountId: string, start: PublishedStart): Promise<FlowSource | null> {
  const cached = versions.get(versionKey(accountId, start.flowId, start.version));
  return cached ? { ...cached, name: start.name } : publishedFlow(env, accountId, start.flowId);
}

/** The published version a flow runs now, or null (not published, or another account's). */
export async function publishedFlow(env: Env, accountId: string, flowId: string): Promise<FlowSource | null> {
  const r = await env.DB.prepare(
    `SELECT f.id, f.name, v.version, v.graph FROM flows f JOIN flow_versions v ON v.flow_id = f.id AND v.version = f.published_version
     WHERE f.id = ?1 AND f.account_id = ?2 AND f.status = 'published'`,
  )
    .bind(flowId, accountId)
    .first<Record<string, unknown>>();
  if (!r) return null;
  const source = { flowId: String(r.id), name: String(r.name), version: Number(r.version), graph: JSON.parse(String(r.graph)) };
  if (versions.size > 500) versions.clear();
  versions.set(versionKey(accountId, source.flowId, source.version), source);
  return source;
}

/** The flow's current draft (a test run), or null. */
export async function draftFlow(env: Env, accountId: string, flowId: string): Promise<FlowSource | null> {
  const r = await env.DB.prepare("SELECT id, name, graph FROM flows WHERE id = ?1 AND account_id = ?2").bind(flowId, accountId).first<Record<string, unknown>>();
  return r ? { flowId: String(r.id), name: String(r.name), version: 0, graph: JSON.parse(String(r.graph)) } : null;
}

/** The flow a broadcast's reply button starts (`bc:<broadcastId>:<index>` with a flowId on that button). */
export async function broadcastButtonFlow(env: Env, accountId: string, buttonData: string | null | undefined): Promise<string | null> {
  const m = /^bc:([A-Za-z0-9_-]{1,64}):(\d{1,2})$/.exec(buttonData ?? "");
  if (!m) return null;
  const r = await env.DB.prepare("SELECT json_extract(message, ?3) AS flow_id FROM broadcasts WHERE id = ?1 AND account_id = ?2")
    .bind(m[1], accountId, `$.buttons[${Number(m[2])}].flowId`)
    .first<{ flow_id: string | null }>();
  return r?.flow_id ?? null;
}
