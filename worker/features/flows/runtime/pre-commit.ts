import type { Env } from "../../../env";
import { commentMatch } from "./comment-trigger";
import { keywordStart, type PublishedStart, matchMessage, readStarts, startsStatement } from "./triggers";
import { accountHasUnfinishedRunSql } from "./ai-seam";

/**
 * The flow's side of the ingest's decision before its commit: for a thread's one new incoming
 * message, does a flow take it? The ingest's first read batch carries the statements below (the
 * account's published flows, the unfinished runs of the batch's contacts), so a message no flow
 * takes gets its assistant run created and claimed inside the ingest's commit, as on an account
 * without flows; the rest go to the flow slot after the commit (handler.ts), which decides exactly.
 *  - "take": the thread's run goes on, or a published trigger matches (a keyword also during a delay);
 *  - "pass": no run (or a paused one, or one in a delay) and no trigger: the assistant's;
 *  - "unsure": what needs more reads (an expired run, a broadcast button, a new-contact trigger
 *    for a contact we already know, a comment keyword): the flow slot reads and decides.
 */
export type FlowDecision = "take" | "pass" | "unsure";

export interface PreCommitMessage {
  platform: string;
  platformUserId: string;
  channelId: string | null;
  threadKind: string;
  externalThreadId: string;
  text: string;
  buttonData: string | null;
  /** A test contact (test chat, test bot): published triggers never fire there. */
  test: boolean;
  /** The contact is new in this batch (so this is its first message). */
  newContact: boolean;
}

/** The statements for the ingest's read batch: the published starts, then the unfinished runs of each platform's contacts (a JSON array of ids each). */
export function flowPreReads(db: D1Database, accountId: string, contacts: { platform: string; json: string }[]): D1PreparedStatement[] {
  return [
    startsStatement(db, accountId),
    ...contacts.map((c) =>
      db
        .prepare(
          `SELECT c.platform_user_id AS puid, t.channel_id, t.kind, t.external_thread_id AS ext, r.status, json_extract(r.wait, '$.kind') AS wait_kind, r.expires_at
           FROM (SELECT 1 WHERE ${accountHasUnfinishedRunSql("?1")})
             CROSS JOIN json_each(?3) j
             CROSS JOIN contacts c ON c.account_id = ?1 AND c.platform = ?2 AND c.platform_user_id = j.value
             CROSS JOIN threads t ON t.contact_id = c.id AND t.account_id = c.account_id
             CROSS JOIN flow_runs r ON r.thread_id = t.id AND r.status <> 'ended'`,
        )
        .bind(accountId, c.platform, c.json),
    ),
  ];
}

interface RunRow {
  status: string;
  waitKind: string | null;
  expiresAt: number | null;
}

const threadKey = (platform: string, puid: string, channel: string | null, kind: string, ext: string) => `${platform}|${puid}|${channel ?? ""}|${kind}|${ext}`;

/**
 * Reads the results of `flowPreReads` (in the order they were given, with the platforms they were
 * made for) into a decision per message. The published triggers come from the isolate's cache (a
 * version it has not seen costs one read).
 */
export async function flowDecider(env: Env, accountId: string, results: D1Result<Record<string, unknown>>[], platforms: string[], now: number): Promise<(m: PreCommitMessage) => FlowDecision> {
  const starts: PublishedStart[] = results[0]!.results.length ? await readStarts(env, accountId, results[0]!.results) : [];
  const runs = new Map<string, RunRow>();
  results.slice(1).forEach((res, i) => {
    for (const r of res.results) {
      runs.set(threadKey(platforms[i]!, String(r.puid), (r.channel_id as string | null) ?? null, String(r.kind ?? "dm"), String(r.ext ?? "")), {
        status: String(r.status),
        waitKind: (r.wait_kind as string | null) ?? null,
        expiresAt: (r.expires_at as number | null) ?? null,
      });
    }
  });
  const triggers = starts.flatMap((s) => s.triggers);
  const hasNewContactTrigger = (platform: string) => triggers.some((t) => t.type === "newContact" && (!t.channels?.length || t.channels.includes(platform as never)));
  return (m) => {
    const run = runs.get(threadKey(m.platform, m.platformUserId, m.channelId, m.threadKind, m.externalThreadId));
    if (run) {
      if (run.status !== "paused" && run.expiresAt !== null && run.expiresAt < now) return "unsure";
      if (run.status === "paused") return "pass";
      // A run in a delay leaves the customer's messages to the assistant, unless one writes a flow's keyword (the slot starts it).
      if (run.waitKind === "delay") return !m.test && keywordStart(starts, { text: m.text, platform: m.platform, threadKind: m.threadKind }) ? "take" : "pass";
      return "take";
    }
    if (m.test || !starts.length) return "pass";
    if (m.threadKind === "comments") return commentMatch(starts, m.text) ? "take" : "pass";
    if (m.buttonData?.startsWith("bc:")) return "unsure";
    if (matchMessage(starts, { text: m.text, platform: m.platform, firstOfContact: m.newContact, threadKind: m.threadKind })) return "take";
    return !m.newContact && hasNewContactTrigger(m.platform) ? "unsure" : "pass";
  };
}
