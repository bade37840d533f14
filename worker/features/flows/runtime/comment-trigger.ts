import type { CommentInfo } from "../../../channels/types";
import type { Env } from "../../../env";
import { createLogger } from "../../../lib/logger";
import { replyToComment } from "../../channels/comments.service";
import { keywordHit, type PublishedStart, publishedFlow, readStarts, startsStatement } from "./triggers";
import { runTurn } from "./turn";
import type { Trigger } from "./types";

const log = createLogger({ component: "flows" });
type CommentTrigger = Extract<Trigger, { type: "commentKeyword" }>;

/** The published flow whose Instagram comment keyword this comment matches, with its trigger. */
export function commentMatch(starts: PublishedStart[], text: string): { start: PublishedStart; trigger: CommentTrigger } | null {
  for (const s of starts) for (const t of s.triggers) if (t.type === "commentKeyword" && keywordHit(t.match, t.keywords ?? [], text)) return { start: s, trigger: t };
  return null;
}

/**
 * Comment-to-DM: after the inbound consumer recorded new Instagram comments, a comment matching a
 * published flow's comment keyword gets the trigger's private reply (the one DM Instagram allows,
 * through the inbox's comment reply path and the outbound queue), and the flow starts in the
 * contact's direct thread. Once per comment: the private reply can be sent once, and the run's
 * ledger key is the comment's id.
 */
export async function startCommentFlows(env: Env, comments: { accountId: string; info: CommentInfo }[]): Promise<void> {
  const byAccount = new Map<string, CommentInfo[]>();
  for (const c of comments) byAccount.set(c.accountId, [...(byAccount.get(c.accountId) ?? []), c.info]);
  for (const [accountId, infos] of byAccount) {
    const starts = await readStarts(env, accountId, (await startsStatement(env.DB, accountId).all<Record<string, unknown>>()).results);
    if (!starts.some((s) => s.triggers.some((t) => t.type === "commentKeyword"))) continue;
    for (const info of infos) {
      const hit = commentMatch(starts, info.text);
      if (!hit) continue;
      try {
        const dm = await replyToComment(env, accountId, null, info.commentId, { text: hit.trigger.replyText, visibility: "private" });
        const source = await publishedFlow(env, accountId, hit.start.flowId);
        if (source) await runTurn(env, { accountId, threadId: dm.threadId, key: `comment:${info.commentId}`, input: { kind: "start" }, start: { source, trigger: "commentKeyword", isTest: false } });
      } catch (error) {
        // A comment already answered privately (or past Instagram's 7 days) starts nothing.
        log.warn("comment keyword flow not started", { error, accountId, commentId: info.commentId });
      }
    }
  }
}
