import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { Check, CheckCheck, Clock, CornerDownRight, Globe, Lock, Reply, TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { isApiError } from "@/lib/api";
import { formatDate, formatRelative } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { cn } from "@/lib/utils";
import { InitialsAvatar } from "@/features/accounts/components/initials-avatar";
import { deliveryReason } from "@/features/chat/delivery-reason";
import { commentApi, commentKeys, type Comment, type ReplyMessage } from "../api";

export const REPLY_MAX = 2000;

type Visibility = "public" | "private";

/** Why a private reply is not possible (null when it is). Instagram allows one, within 7 days. */
export function privateBlock(c: Pick<Comment, "privateReply" | "canReplyPrivately" | "privateReplyDeadline">, now = Date.now()): "used" | "expired" | null {
  if (c.privateReply) return "used";
  if (!c.canReplyPrivately || now > c.privateReplyDeadline) return "expired";
  return null;
}

export function CommentItem({ accountId, comment, canReply, disabledReason }: { accountId: string; comment: Comment; canReply: boolean; disabledReason?: string }) {
  const { t } = useTranslation("comments");
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [visibility, setVisibility] = useState<Visibility>("public");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const block = privateBlock(comment);
  const name = comment.fromUsername ? `@${comment.fromUsername}` : t("comment.anonymous");
  const trimmed = text.trim();

  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!trimmed) return setError(t("reply.empty"));
    if (visibility === "private" && block) return;
    setSending(true);
    setError(null);
    try {
      await commentApi.reply(accountId, comment.commentId, { text: trimmed, visibility });
      notify({ type: "success", message: visibility === "private" ? t("reply.sentPrivate") : t("reply.sentPublic") });
      setText("");
      setOpen(false);
      setVisibility("public");
      await queryClient.invalidateQueries({ queryKey: commentKeys.comments(accountId, comment.mediaId) });
    } catch (err) {
      setError(isApiError(err) ? (err.fieldErrors().text ?? err.body.message) : t("common.network"));
    } finally {
      setSending(false);
    }
  };

  return (
    <li className="flex gap-3 py-4" data-testid={`comment-${comment.commentId}`}>
      <InitialsAvatar name={comment.fromUsername ?? "?"} />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-semibold text-heading">{name}</span>
          <time className="text-[0.8125rem] text-muted-foreground" dateTime={new Date(comment.commentedAt).toISOString()} title={formatDate(comment.commentedAt, { withTime: true })}>
            {formatRelative(comment.commentedAt)}
          </time>
          {comment.parentCommentId && <span className="text-[0.8125rem] text-muted-foreground">· {t("comment.inThread")}</span>}
        </div>
        <p className="text-[0.9375rem] break-words whitespace-pre-wrap">{comment.text}</p>

        {(comment.replies.length > 0 || comment.privateReply) && (
          <ul className="space-y-2" aria-label={t("comment.replies")}>
            {comment.replies.map((r) => (
              <ReplyBubble key={r.messageId} reply={r} kind="public" />
            ))}
            {comment.privateReply && <ReplyBubble reply={comment.privateReply} kind="private" />}
          </ul>
        )}

        {canReply && !open && (
          <Button variant="ghost" size="sm" className="-ms-3 text-primary" onClick={() => setOpen(true)}>
            <Reply aria-hidden />
            {t("reply.open")}
          </Button>
        )}
        {!canReply && disabledReason && <p className="text-[0.8125rem] text-muted-foreground">{disabledReason}</p>}

        {open && (
          <form onSubmit={send} className="space-y-3 rounded-md border p-3" aria-label={t("reply.formLabel", { name })}>
            <div role="radiogroup" aria-label={t("reply.visibility")} className="flex flex-wrap gap-2">
              <VisibilityOption checked={visibility === "public"} onSelect={() => setVisibility("public")} icon={Globe} label={t("reply.public")} />
              <VisibilityOption checked={visibility === "private"} onSelect={() => setVisibility("private")} icon={Lock} label={t("reply.private")} disabled={!!block} />
            </div>
            <p className={cn("text-[0.8125rem]", block ? "text-warning" : "text-muted-foreground")} data-testid="private-reply-note">
              {block === "used"
                ? t("reply.privateUsed")
                : block === "expired"
                  ? t("reply.privateExpired")
                  : visibility === "private"
                    ? t("reply.privateHint", { date: formatDate(comment.privateReplyDeadline, { withTime: true }) })
                    : t("reply.publicHint", { date: formatDate(comment.privateReplyDeadline, { withTime: true }) })}
            </p>
            <Textarea
              value={text}
              maxLength={REPLY_MAX}
              autoFocus
              rows={2}
              placeholder={visibility === "private" ? t("reply.placeholderPrivate") : t("reply.placeholderPublic")}
              aria-label={t("reply.text")}
              aria-invalid={!!error}
              onChange={(e) => {
                setText(e.target.value);
                setError(null);
              }}
            />
            {error && (
              <p role="alert" className="text-[0.8125rem] text-destructive">
                {error}
              </p>
            )}
            <div className="flex items-center justify-end gap-2">
              <span className="me-auto text-[0.75rem] text-muted-foreground">
                {text.length}/{REPLY_MAX}
              </span>
              <Button type="button" variant="ghost" size="sm" onClick={() => (setOpen(false), setError(null))}>
                {t("reply.cancel")}
              </Button>
              <Button type="submit" size="sm" loading={sending} disabled={!trimmed || (visibility === "private" && !!block)}>
                {visibility === "private" ? t("reply.sendPrivate") : t("reply.sendPublic")}
              </Button>
            </div>
          </form>
        )}
      </div>
    </li>
  );
}

function VisibilityOption({ checked, onSelect, icon: Icon, label, disabled }: { checked: boolean; onSelect: () => void; icon: typeof Globe; label: string; disabled?: boolean }) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      disabled={disabled}
      onClick={onSelect}
      className={cn(
        "inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-full border px-3 text-[0.8125rem] font-medium transition-colors outline-none focus-visible:ring-3 focus-visible:ring-primary/30 disabled:cursor-not-allowed disabled:opacity-50",
        checked ? "border-primary bg-primary/12 text-primary" : "border-border text-foreground hover:bg-muted dark:hover:bg-white/5",
      )}
    >
      <Icon className="size-3.5" aria-hidden />
      {label}
    </button>
  );
}

export function ReplyBubble({ reply, kind }: { reply: ReplyMessage; kind: "public" | "private" }) {
  // chat: the failure reasons (message.deliveryReasons) are the chat's
  const { t } = useTranslation(["comments", "chat"]);
  const failed = reply.deliveryStatus === "failed";
  const Status = failed ? TriangleAlert : reply.isRead || reply.isDelivered ? CheckCheck : reply.isSent ? Check : Clock;
  const meta = (reply.metadata ?? {}) as Record<string, unknown>;
  // A send with no answer (or whose sender died) may have gone out: "possibly delivered", not "failed".
  const problem = failed ? (["SEND_UNCERTAIN", "SEND_INTERRUPTED", "POSSIBLY_DELIVERED"].includes(String(meta.deliveryErrorCode ?? "")) ? "uncertain" : "failed") : null;
  const reason = deliveryReason(meta, t);
  return (
    <li className="flex gap-2" data-testid={`reply-${kind}`}>
      <CornerDownRight className="mt-2 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <div className={cn("min-w-0 rounded-md px-3 py-2", kind === "private" ? "bg-info/10" : "bg-primary/10")}>
        <p className="mb-0.5 flex items-center gap-1.5 text-[0.75rem] font-medium text-muted-foreground">
          {kind === "private" ? <Lock className="size-3" aria-hidden /> : <Globe className="size-3" aria-hidden />}
          {kind === "private" ? t("reply.privateLabel") : t("reply.publicLabel")}
          <span>· {formatRelative(reply.createdAt)}</span>
          <Status className={cn("size-3.5", failed ? "text-destructive" : reply.isRead ? "text-info" : "")} aria-label={t(`delivery.${failed ? "failed" : reply.isRead ? "read" : reply.isDelivered ? "delivered" : reply.isSent ? "sent" : "pending"}`)} />
        </p>
        <p className="text-[0.9375rem] break-words whitespace-pre-wrap text-heading">{reply.content}</p>
        {problem && (
          <p
            data-testid="reply-problem"
            data-state={problem}
            title={reason.detail ? t("chat:message.deliveryReasons.detail", { detail: reason.detail }) : undefined}
            className="mt-1 text-[0.75rem] leading-snug text-destructive"
          >
            <span className="font-medium">{t(`delivery.${problem}`)}</span>
            {reason.text ? `: ${reason.text}` : ""}
          </p>
        )}
      </div>
    </li>
  );
}
