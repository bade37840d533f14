import { createLogger } from "../../lib/logger";
import type { ChannelAdapter } from "../adapter";
import { SendError } from "../types";
import { type IgWebhookBody, InstagramClient, parseInstagramEntry, verifyMetaSignature } from "./instagram";

export interface InstagramCreds {
  accessToken: string;
}

/** Instagram's standard messaging window after the customer's last message. */
export const INSTAGRAM_WINDOW_MS = 24 * 60 * 60 * 1000;

const log = createLogger({ component: "outbound" });

export const instagramAdapter: ChannelAdapter = {
  platform: "INSTAGRAM",
  webhook: {
    scope: "app",
    verify: (raw, header, env) => verifyMetaSignature(raw, header("x-hub-signature-256"), env.META_APP_SECRET),
    refusal: "Неверная подпись X-Hub-Signature-256",
    answer: "EVENT_RECEIVED",
  },
  // One Meta webhook may carry several Instagram accounts, each its own entry.
  split(body) {
    const b = body as IgWebhookBody;
    if (b?.object !== "instagram" || !Array.isArray(b.entry)) return { ignored: `object ${String(b?.object)}` };
    return { parts: b.entry.map((entry) => ({ externalId: String(entry?.id ?? ""), body: entry })) };
  },
  parse(part, ch, into) {
    const ctx = { accountId: ch.accountId, channelId: ch.id, igId: ch.externalId, assistantId: ch.assistantId, commentsAutoReply: ch.state.commentsAutoReply === true };
    for (const ev of parseInstagramEntry(part as NonNullable<IgWebhookBody["entry"]>[number], ctx)) into.push(ev);
  },
  deliveryState: (raw) => (raw === "delivered" || raw === "read" ? raw : null),
  async mediaUrl(ref) {
    if (ref.kind !== "url" || !/^https?:/.test(ref.url)) throw new SendError("Некорректная ссылка на файл", "permanent");
    return ref.url;
  },
  async send(req) {
    const client = new InstagramClient(req.env.META_GRAPH_BASE, (await req.creds<InstagramCreds>()).accessToken);
    const { metadata: meta, payload } = req;
    if (typeof meta.privateReplyToCommentId === "string") return client.sendDm(req.externalId, { comment_id: meta.privateReplyToCommentId }, { type: "text", content: payload.content });
    if (req.threadKind === "comments") {
      const commentId = typeof meta.replyToCommentId === "string" ? meta.replyToCommentId : await req.lastIncomingId();
      if (!commentId) throw new SendError("Нет комментария, на который можно ответить", "permanent");
      return client.replyToComment(commentId, payload.content);
    }
    const to = { id: req.chatId };
    if (!payload.fileUrl) return client.sendDm(req.externalId, to, payload);
    const sent = await client.sendDm(req.externalId, to, { type: payload.type, content: "", fileUrl: payload.fileUrl });
    // A DM carries an attachment or text, not both: the caption follows as its own DM. The stored
    // message keeps the attachment's id; a failed caption is logged, never a second attachment.
    if (payload.content.trim()) {
      await client.sendDm(req.externalId, to, { type: "text", content: payload.content }).catch((error) => log.warn("instagram caption not sent", { error, messageId: req.messageId }));
    }
    return sent;
  },
  limits: {
    pacing: { channelMs: 50, chatMs: 0 },
    replyWindow: {
      ms: INSTAGRAM_WINDOW_MS,
      code: "INSTAGRAM_WINDOW_CLOSED",
      reason: "Прошло больше 24 часов с последнего сообщения клиента: Instagram разрешает ответить только в течение 24 часов",
    },
    // Meta fetches attachments by URL only.
    attachmentsByUrl: true,
  },
};
