import { hmacSha256HexVerify } from "../../lib/crypto";
import { type InboundEvent, type OutgoingPayload, SendError, sendErrorFor } from "../types";

/** Instagram messaging and comments through the Meta Graph API (`{META_GRAPH_BASE}/{version}/…`). */
export const GRAPH_VERSION = "v21.0";

export class InstagramClient {
  constructor(
    private readonly base: string,
    private readonly accessToken: string,
  ) {}

  private url(path: string, query: Record<string, string> = {}) {
    const q = new URLSearchParams({ ...query, access_token: this.accessToken });
    return `${this.base.replace(/\/$/, "")}/${GRAPH_VERSION}/${path}?${q}`;
  }

  private async request<T>(method: string, path: string, body?: unknown, query: Record<string, string> = {}): Promise<T> {
    let res: Response;
    try {
      res = await fetch(this.url(path, query), {
        method,
        headers: body ? { "content-type": "application/json" } : undefined,
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch (e) {
      throw new SendError(`Meta Graph API недоступен: ${(e as Error).message}`, "transient", undefined, undefined, "UNCERTAIN");
    }
    const data = (await res.json().catch(() => ({}))) as { error?: { message?: string; code?: number } } & T;
    if (!res.ok || data.error) {
      // Graph answers throttling with code 4/17/32/613 (HTTP 400/403) or 429.
      const throttled = [4, 17, 32, 613].includes(data.error?.code ?? 0);
      throw sendErrorFor(throttled ? 429 : res.status, data.error?.message ?? `HTTP ${res.status}`, throttled ? 60 : Number(res.headers.get("retry-after")) || undefined);
    }
    return data;
  }

  account(igId: string) {
    return this.request<{ id: string; username?: string; name?: string }>("GET", igId, undefined, { fields: "id,username,name" });
  }
  subscribe(igId: string) {
    return this.request<{ success: boolean }>("POST", `${igId}/subscribed_apps`, undefined, { subscribed_fields: "messages,comments" });
  }
  unsubscribe(igId: string) {
    return this.request<{ success: boolean }>("DELETE", `${igId}/subscribed_apps`);
  }
  media(mediaId: string) {
    return this.request<{ id: string; caption?: string; permalink?: string; media_url?: string; media_product_type?: string }>("GET", mediaId, undefined, {
      fields: "id,caption,permalink,media_url,media_product_type",
    });
  }

  /** A DM to an Instagram-scoped user id, or the one private reply to a comment. */
  async sendDm(igId: string, recipient: { id: string } | { comment_id: string }, payload: OutgoingPayload): Promise<{ platformMessageId: string }> {
    const message = payload.fileUrl
      ? { attachment: { type: payload.type === "image" ? "image" : payload.type === "video" ? "video" : payload.type === "audio" ? "audio" : "file", payload: { url: payload.fileUrl } } }
      : { text: payload.content.slice(0, 1000) };
    const r = await this.request<{ recipient_id?: string; message_id: string }>("POST", `${igId}/messages`, { recipient, message });
    return { platformMessageId: r.message_id };
  }

  /** A public reply under a comment. */
  async replyToComment(commentId: string, text: string): Promise<{ platformMessageId: string }> {
    const r = await this.request<{ id: string }>("POST", `${commentId}/replies`, { message: text });
    return { platformMessageId: r.id };
  }
}

/** Checks `X-Hub-Signature-256: sha256=<hex>` over the raw bytes with the app secret, in constant time. */
export async function verifyMetaSignature(raw: Uint8Array<ArrayBuffer>, header: string | undefined, appSecret: string | undefined): Promise<boolean> {
  if (!header || !appSecret) return false;
  const m = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  return !!m && hmacSha256HexVerify(appSecret, raw, m[1]!);
}

interface IgMessaging {
  sender: { id: string };
  recipient: { id: string };
  timestamp: number;
  message?: { mid: string; text?: string; is_echo?: boolean; is_deleted?: boolean; attachments?: { type: string; payload?: { url?: string } }[] };
  read?: { mid?: string; watermark?: number };
  delivery?: { mids?: string[]; watermark?: number };
}

interface IgChange {
  field: string;
  value: { id: string; text?: string; from?: { id: string; username?: string }; media?: { id: string; media_product_type?: string }; parent_id?: string; timestamp?: number };
}

export interface IgWebhookBody {
  object?: string;
  entry?: { id: string; time?: number; messaging?: IgMessaging[]; changes?: IgChange[] }[];
}

export interface IgChannelCtx {
  accountId: string;
  channelId: string;
  igId: string;
  assistantId?: string | null;
  commentsAutoReply: boolean;
}

const ATTACHMENT_TYPE: Record<string, string> = { image: "image", video: "video", audio: "audio", file: "document", reel: "video", ig_reel: "video" };

/** Turns one entry of a Meta webhook (one Instagram account) into inbox events. */
export function parseInstagramEntry(entry: NonNullable<IgWebhookBody["entry"]>[number], ctx: IgChannelCtx): InboundEvent[] {
  const out: InboundEvent[] = [];
  for (const ev of entry.messaging ?? []) {
    if (ev.message) {
      const m = ev.message;
      if (m.is_deleted || !m.mid) {
        out.push({ kind: "ignored", reason: "deleted message" });
        continue;
      }
      // An echo is whatever the business account sent: our own sends (the consumer drops those by
      // their stored mid) and what a person typed in the Instagram app, which is ours to show and
      // pauses the AI the way WhatsApp's phone messages do.
      const echo = m.is_echo === true;
      const base = {
        accountId: ctx.accountId,
        channelId: ctx.channelId,
        platform: "INSTAGRAM" as const,
        contact: { platformUserId: echo ? ev.recipient.id : ev.sender.id, name: "" },
        thread: { kind: "dm" as const, assistantId: ctx.assistantId ?? undefined },
      };
      const msg = {
        direction: echo ? ("outgoing" as const) : ("incoming" as const),
        senderType: echo ? ("operator" as const) : ("contact" as const),
        platformMessageId: m.mid,
        dedupeKey: `ig:${m.mid}`,
        createdAt: ev.timestamp || Date.now(),
        metadata: (echo ? { fromPhone: true, fromApp: "instagram" } : {}) as Record<string, unknown>,
      };
      const flags = echo ? { pauseAi: true, echo: true } : {};
      const att = m.attachments?.[0];
      if (att && att.payload?.url && ATTACHMENT_TYPE[att.type]) {
        const type = ATTACHMENT_TYPE[att.type]!;
        out.push({ kind: "message", item: { ...base, message: { ...msg, type: type as never, content: m.text ?? "" } }, media: { kind: "url", url: att.payload.url }, ...flags });
      } else if (att && att.payload?.url) {
        // Shares, story mentions: a link the operator can open.
        out.push({ kind: "message", item: { ...base, message: { ...msg, type: "text", content: [m.text, att.payload.url].filter(Boolean).join("\n"), metadata: { ...msg.metadata, attachmentType: att.type } } }, ...flags });
      } else if (m.text !== undefined) {
        out.push({ kind: "message", item: { ...base, message: { ...msg, type: "text", content: m.text } }, ...flags });
      } else out.push({ kind: "ignored", reason: "message without text or attachment" });
    } else if (ev.read) {
      if (ev.read.mid) out.push({ kind: "status", platformMessageId: ev.read.mid, status: "read" });
      else if (ev.read.watermark) out.push({ kind: "read", contactPlatformUserId: ev.sender.id, watermark: ev.read.watermark });
    } else if (ev.delivery) {
      for (const mid of ev.delivery.mids ?? []) out.push({ kind: "status", platformMessageId: mid, status: "delivered" });
    } else out.push({ kind: "ignored", reason: "unsupported messaging event" });
  }
  for (const ch of entry.changes ?? []) {
    if (ch.field !== "comments" && ch.field !== "live_comments") {
      out.push({ kind: "ignored", reason: `unsupported change ${ch.field}` });
      continue;
    }
    const v = ch.value;
    if (!v?.id || !v.from?.id || !v.media?.id) {
      out.push({ kind: "ignored", reason: "comment without id, author or media" });
      continue;
    }
    if (v.from.id === ctx.igId) {
      out.push({ kind: "ignored", reason: "our own comment reply" });
      continue;
    }
    const at = v.timestamp ? v.timestamp * 1000 : entry.time ? (entry.time < 1e12 ? entry.time * 1000 : entry.time) : Date.now();
    out.push({
      kind: "message",
      item: {
        accountId: ctx.accountId,
        channelId: ctx.channelId,
        platform: "INSTAGRAM",
        contact: { platformUserId: v.from.id, name: v.from.username ?? "", platformUsername: v.from.username },
        thread: { kind: "comments", externalThreadId: v.media.id, assistantId: ctx.commentsAutoReply ? (ctx.assistantId ?? undefined) : undefined },
        message: {
          type: "text",
          direction: "incoming",
          senderType: "contact",
          content: v.text ?? "",
          platformMessageId: v.id,
          dedupeKey: `igc:${v.id}`,
          createdAt: at,
          metadata: { commentId: v.id, mediaId: v.media.id, parentCommentId: v.parent_id },
        },
      },
      comment: { commentId: v.id, mediaId: v.media.id, mediaProductType: v.media.media_product_type, parentCommentId: v.parent_id, fromId: v.from.id, fromUsername: v.from.username, text: v.text ?? "", at },
    });
  }
  return out;
}
