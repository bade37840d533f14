import type { Env } from "../../../env";
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

/** The start step of every published flow of the account (its triggers), read from the published versions. */
export function startsStatement(db: D1Database, accountId: string): D1PreparedStatement {
  return db
    .prepare(
      `SELECT f.id AS flow_id, f.name, v.version,
         (SELECT s.value ->> '$.flowConfig.triggers' FROM json_each(v.graph, '$.steps') s WHERE s.value ->> '$.stepType' = 'start' LIMIT 1) AS triggers
       FROM flows f JOIN flow_versions v ON v.flow_id = f.id AND v.version = f.published_version
       WHERE f.account_id = ?1 AND f.status = 'published'`,
    )
    .bind(accountId);
}

export function readStarts(rows: Record<string, unknown>[]): PublishedStart[] {
  return rows.map((r) => {
    let triggers: Trigger[] = [];
    try {
      triggers = JSON.parse(String(r.triggers ?? "[]")) as Trigger[];
    } catch {
      // a start without triggers
    }
    return { flowId: String(r.flow_id), name: String(r.name ?? ""), version: Number(r.version), triggers: Array.isArray(triggers) ? triggers : [] };
  });
}

const norm = (s: string) => s.trim().replace(/\s+/g, " ").toLocaleLowerCase("ru");

export function keywordHit(match: "exact" | "contains", keywords: string[], text: string): boolean {
  const t = norm(text);
  if (!t) return false;
  return keywords.some((k) => {
    const kw = norm(k);
    return !!kw && (match === "exact" ? t === kw : t.includes(kw));
  });
}

const onChannel = (channels: string[] | undefined, platform: string) => !channels?.length || channels.includes(platform);

/** Which published flow an incoming message starts: a keyword first, then the first message of a new contact. */
export function matchMessage(starts: PublishedStart[], m: { text: string; platform: string; firstOfContact: boolean; threadKind: string }): { start: PublishedStart; trigger: string } | null {
  if (m.threadKind !== "dm") return null;
  for (const s of starts) {
    for (const t of s.triggers) if (t.type === "keyword" && onChannel(t.channels, m.platform) && keywordHit(t.match, t.keywords ?? [], m.text)) return { start: s, trigger: "keyword" };
  }
  if (!m.firstOfContact) return null;
  for (const s of starts) for (const t of s.triggers) if (t.type === "newContact" && onChannel(t.channels, m.platform)) return { start: s, trigger: "newContact" };
  return null;
}

/** The published version a flow runs now, or null (not published, or another account's). */
export async function publishedFlow(env: Env, accountId: string, flowId: string): Promise<FlowSource | null> {
  const r = await env.DB.prepare(
    `SELECT f.id, f.name, v.version, v.graph FROM flows f JOIN flow_versions v ON v.flow_id = f.id AND v.version = f.published_version
     WHERE f.id = ?1 AND f.account_id = ?2 AND f.status = 'published'`,
  )
    .bind(flowId, accountId)
    .first<Record<string, unknown>>();
  return r ? { flowId: String(r.id), name: String(r.name), version: Number(r.version), graph: JSON.parse(String(r.graph)) } : null;
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
  const r = await env.DB.prepare("SELECT json_extract(message, '$.buttons[' || ?3 || '].flowId') AS flow_id FROM broadcasts WHERE id = ?1 AND account_id = ?2")
    .bind(m[1], accountId, Number(m[2]))
    .first<{ flow_id: string | null }>();
  return r?.flow_id ?? null;
}
