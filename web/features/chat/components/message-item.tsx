import { AlertCircle, Bot, Check, CheckCheck, CircleHelp, Clock, Code2, FileText, FileX2, Phone, PhoneIncoming, Play, UserRound, Workflow } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatTime } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { ToolProducts } from "@/features/products/components/tool-products";
import type { MessageDto } from "../api";
import { callStatusKey, humanSize, isYoutube, mediaSrc, shortenFileName } from "../utils";
import { useSystemNoteText } from "../system-note";
import { FunctionResultDialog, ImageDialog, VideoDialog } from "./media-dialogs";
import { MessageButtons } from "./message-buttons";
import { deliveryReason } from "../delivery-reason";
import { authorOf, sameAuthor, useFlowName } from "./flow-author";

type Tone = "in" | "out";

/**
 * One message of the log: a bubble (incoming on the surface at the start, outgoing in primary at the
 * end). `prev`: the message before it in the same run, so that a run's bubbles say who wrote them
 * again where the author changes (an assistant's answer after a flow's message).
 */
export function MessageItem({ message: m, first, prev }: { message: MessageDto; first: boolean; prev?: MessageDto }) {
  const out = m.messageDirection === "outgoing";
  const tone: Tone = out ? "out" : "in";
  const bare = m.messageType === "image" && !m.content && !m.metadata?.isAttachmentDeleted && !!m.payloadUrl;
  return (
    <div className={cn("flex w-full", out ? "justify-end" : "justify-start")} data-testid="chat-message" data-message-id={m.messageId} data-direction={m.messageDirection} data-type={m.messageType}>
      <div
        className={cn(
          "relative max-w-[min(85%,560px)] rounded-md text-[0.9375rem] leading-snug shadow-xs",
          bare ? "p-1" : "px-3.5 py-2",
          out ? "bg-primary text-primary-foreground" : "bg-card text-card-foreground bordered:border bordered:border-border",
          first && (out ? "rounded-se-sm" : "rounded-ss-sm"),
        )}
      >
        {out && (first || (prev && !sameAuthor(authorOf(prev), authorOf(m)))) && <AuthorLabel m={m} />}
        <MessageBody m={m} tone={tone} />
        <MessageButtons m={m} tone={tone} />
        <MessageMeta m={m} tone={tone} overlay={bare} />
        {out && <DeliveryProblem m={m} />}
      </div>
    </div>
  );
}

/** Who wrote an outgoing bubble, above its text: the assistant (a robot) or a flow (its name). */
function AuthorLabel({ m }: { m: MessageDto }) {
  const { t } = useTranslation("chat");
  const author = authorOf(m);
  const flowName = useFlowName(author.kind === "flow" ? author.flowId : null);
  if (author.kind !== "assistant" && author.kind !== "flow") return null;
  const Icon = author.kind === "flow" ? Workflow : Bot;
  const label = author.kind === "assistant" ? t("message.assistant") : flowName ? t("message.flow", { name: flowName }) : t("message.flowUnnamed");
  return (
    <div className="mb-1 flex min-w-0 items-center gap-1 text-[0.75rem] font-medium" data-testid="message-author" data-author={author.kind}>
      <Icon className="size-3.5 shrink-0" aria-hidden />
      <span className="min-w-0 truncate" dir="auto">{label}</span>
    </div>
  );
}

/** Codes of a send whose outcome is unknown (the connection or the Worker died mid-send): "possibly delivered", never repeated. */
// Sends that broke off after the messenger may have taken them: marked, never sent twice
// (SEND_UNCERTAIN: the connection failed without an answer; POSSIBLY_DELIVERED: worker/features/channels/send-claim.ts).
const UNCERTAIN_CODES = new Set(["SEND_UNCERTAIN", "SEND_INTERRUPTED", "POSSIBLY_DELIVERED"]);

function deliveryState(m: MessageDto): "failed" | "uncertain" | "read" | "delivered" | "sent" | "pending" {
  if (m.deliveryStatus === "failed") return UNCERTAIN_CODES.has(String(m.metadata?.deliveryErrorCode ?? "")) ? "uncertain" : "failed";
  return m.isRead || m.deliveryStatus === "read" ? "read" : m.isDelivered || m.deliveryStatus === "delivered" ? "delivered" : m.isSent || m.deliveryStatus === "sent" ? "sent" : "pending";
}

/** Why an outgoing message did not go out (or may not have): the sender's reason, under the bubble. */
function DeliveryProblem({ m }: { m: MessageDto }) {
  const { t } = useTranslation("chat");
  const state = deliveryState(m);
  if (state !== "failed" && state !== "uncertain") return null;
  const { text: reason, detail } = deliveryReason(m.metadata, t);
  return (
    <p
      data-testid="delivery-problem"
      data-state={state}
      title={detail ? t("message.deliveryReasons.detail", { detail }) : undefined}
      className="mt-1.5 border-t border-primary-foreground/25 pt-1.5 text-[0.75rem] leading-snug text-primary-foreground/90"
    >
      <span className="font-medium">{t(`message.${state}`)}</span>
      {reason ? `: ${reason}` : ""}
    </p>
  );
}

/** System messages and tool traces: centred in muted small text. */
export function SystemItem({ message: m }: { message: MessageDto }) {
  const { t } = useTranslation("chat");
  const noteText = useSystemNoteText();
  const [open, setOpen] = useState(false);
  if (m.messageType === "tool_call" || m.messageType === "tool_result") {
    const call = (m.metadata?.tool_calls as { function?: { name?: string; arguments?: string } }[] | undefined)?.[0];
    const name = (m.messageType === "tool_call" ? call?.function?.name : (m.metadata?.name as string | undefined)) ?? "";
    const args = m.messageType === "tool_call" ? call?.function?.arguments : undefined;
    return (
      <div className="flex min-w-0 flex-col items-center gap-1" data-testid="chat-message" data-message-id={m.messageId} data-type={m.messageType}>
        {/*
          Never wider than the column: the line wraps onto a second row when it does not fit (the button
          and the time go whole onto it), the arguments give way first (they shrink, then wrap, cut with a
          title), and a name longer than the column is cut at its end with a title. The name stays left
          to right (an Arabic page cut it from its start).
        */}
        <div
          className="flex max-w-[90%] min-w-0 flex-wrap items-center justify-center gap-x-2 gap-y-0.5 rounded-2xl border border-dashed border-border bg-card/60 px-3 py-1 text-center text-[0.8125rem] text-muted-foreground"
          data-testid="tool-trace"
        >
          <span className="flex max-w-full min-w-0 items-center gap-1.5" data-testid="tool-trace-title">
            <Code2 className="size-3.5 shrink-0" aria-hidden />
            <span className="shrink-0 whitespace-nowrap">{m.messageType === "tool_call" ? t("message.toolCall") : t("message.toolResult")}:</span>
            <bdi dir="ltr" className="min-w-0 truncate font-mono text-foreground" title={name} data-testid="tool-trace-name">
              {name}
            </bdi>
          </span>
          {args && (
            <span dir="ltr" className="hidden min-w-0 grow basis-32 truncate text-start font-mono text-xs sm:block" title={args} data-testid="tool-trace-args">
              {args}
            </span>
          )}
          <span className="flex shrink-0 items-center gap-2 whitespace-nowrap" data-testid="tool-trace-end">
            {m.messageType === "tool_result" && (
              <button type="button" className="shrink-0 cursor-pointer font-medium whitespace-nowrap text-primary hover:underline" onClick={() => setOpen(true)}>
                {t("message.showResult")}
              </button>
            )}
            <span className="text-xs">{formatTime(m.createdAt)}</span>
          </span>
        </div>
        {m.messageType === "tool_result" && <FunctionResultDialog open={open} onOpenChange={setOpen} name={name} content={m.content} />}
        {m.messageType === "tool_result" && <ToolProducts name={name} content={m.content} className="max-w-[90%] text-center text-muted-foreground" />}
      </div>
    );
  }
  return (
    <div className="flex justify-center px-6" data-testid="chat-message" data-message-id={m.messageId} data-type={m.messageType} data-direction="system">
      <p className="max-w-xl text-center text-[0.8125rem] text-muted-foreground">
        {noteText(m)} <span className="ms-1 text-xs">{formatTime(m.createdAt)}</span>
      </p>
    </div>
  );
}

function MessageBody({ m, tone }: { m: MessageDto; tone: Tone }) {
  const { t } = useTranslation("chat");
  const deleted = !!m.metadata?.isAttachmentDeleted;
  const media = ["image", "video", "audio", "document"].includes(m.messageType);
  const caption = m.content ? <p dir="auto" className="break-words whitespace-pre-wrap [overflow-wrap:anywhere]" data-testid="chat-message-text">{m.content}</p> : null;
  if (media && (deleted || !m.payloadUrl)) {
    return (
      <div className="space-y-1">
        <div className={cn("flex items-center gap-2 text-[0.875rem] italic", tone === "out" ? "text-primary-foreground" : "text-muted-foreground")} data-testid="file-missing">
          <FileX2 className="size-4 shrink-0" aria-hidden />
          {t("message.fileMissing")}
        </div>
        {caption}
      </div>
    );
  }
  // A media message: its preview above the caption.
  const withCaption = (preview: ReactNode) => (
    <div className="space-y-1.5">
      {preview}
      {caption}
    </div>
  );
  switch (m.messageType) {
    case "image":
      return withCaption(<ImagePreview m={m} />);
    case "video":
      return withCaption(<VideoPreview m={m} tone={tone} />);
    case "audio":
      return withCaption(
        <>
          <audio controls preload="none" src={mediaSrc(m.payloadUrl) ?? undefined} className="h-10 w-[260px] max-w-full" aria-label={m.fileName ?? t("message.audio")} />
          {typeof m.metadata?.scenarioAudioTranscription === "string" && (
            <p className={cn("text-[0.8125rem] italic", tone === "out" ? "text-primary-foreground" : "text-muted-foreground")}>
              {t("message.transcription")}: <bdi>{m.metadata.scenarioAudioTranscription}</bdi>
            </p>
          )}
        </>,
      );
    case "document":
      return withCaption(<DocumentLink m={m} tone={tone} />);
    case "incomingCall":
      return <CallBody m={m} tone={tone} />;
    case "contact":
      return <ContactCards m={m} tone={tone} />;
    default:
      return <p dir="auto" className="break-words whitespace-pre-wrap [overflow-wrap:anywhere]" data-testid="chat-message-text">{m.content}</p>;
  }
}

function ImagePreview({ m }: { m: MessageDto }) {
  const { t } = useTranslation("chat");
  const [open, setOpen] = useState(false);
  const src = mediaSrc(m.payloadUrl)!;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="block cursor-zoom-in overflow-hidden rounded-[4px] outline-none focus-visible:ring-3 focus-visible:ring-primary/30" aria-label={t("message.openImage")}>
        <img src={src} alt={m.fileName ?? t("message.image")} width={200} className="w-[200px] max-w-full bg-muted object-cover" loading="lazy" data-testid="chat-image" />
      </button>
      <ImageDialog open={open} onOpenChange={setOpen} src={src} alt={m.fileName ?? t("message.image")} />
    </>
  );
}

function VideoPreview({ m, tone }: { m: MessageDto; tone: Tone }) {
  const { t } = useTranslation("chat");
  const [open, setOpen] = useState(false);
  const youtube = isYoutube(m.payloadUrl) || m.metadata?.youtube === true;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={cn(
          "flex h-[112px] w-[200px] max-w-full cursor-pointer flex-col items-center justify-center gap-2 rounded-[4px] outline-none focus-visible:ring-3 focus-visible:ring-primary/30",
          tone === "out" ? "bg-black/20" : "bg-muted dark:bg-white/8",
        )}
        data-testid="chat-video"
      >
        <span className="flex size-10 items-center justify-center rounded-full bg-black/55 text-white">
          <Play className="size-5 translate-x-px" aria-hidden />
        </span>
        <span dir="auto" className="max-w-[180px] truncate text-xs">{m.fileName ?? t("message.playVideo")}</span>
      </button>
      <VideoDialog
        open={open}
        onOpenChange={setOpen}
        source={youtube ? { youtube: true, id: (m.metadata?.youtubeId as string | undefined) ?? m.payloadUrl } : { url: mediaSrc(m.payloadUrl), title: m.fileName ?? undefined }}
      />
    </>
  );
}

function DocumentLink({ m, tone }: { m: MessageDto; tone: Tone }) {
  const { t } = useTranslation("chat");
  const name = m.fileName || t("message.document");
  return (
    <a
      href={mediaSrc(m.payloadUrl) ?? undefined}
      download={name}
      target="_blank"
      rel="noreferrer"
      title={name}
      className={cn("flex min-w-[200px] items-center gap-3 rounded-[4px] p-2 outline-none focus-visible:ring-3 focus-visible:ring-primary/30", tone === "out" ? "bg-black/15 hover:bg-black/25" : "bg-muted hover:bg-muted/70 dark:bg-white/6")}
      data-testid="chat-document"
    >
      <span className={cn("flex size-9 shrink-0 items-center justify-center rounded-[4px]", tone === "out" ? "bg-white/20" : "bg-primary/12 text-primary")}>
        <FileText className="size-5" aria-hidden />
      </span>
      <span className="min-w-0">
        <span dir="auto" className="block font-medium break-all" data-testid="chat-document-name">
          {shortenFileName(name, m.content?.length ?? 0)}
        </span>
        <span className={cn("block text-xs", tone === "out" ? "text-primary-foreground" : "text-muted-foreground")}>
          {[humanSize(m.fileSize), t("message.download")].filter(Boolean).join(" · ")}
        </span>
      </span>
    </a>
  );
}

function CallBody({ m, tone }: { m: MessageDto; tone: Tone }) {
  const { t } = useTranslation("chat");
  const status = m.metadata?.status;
  const missed = status === "missed" || status === "declined" || status === "hangUp";
  return (
    <div className="flex items-center gap-3" data-testid="chat-call">
      <span className={cn("flex size-9 items-center justify-center rounded-full", tone === "out" ? "bg-white/20" : missed ? "bg-destructive/12 text-destructive" : "bg-success/12 text-success")}>
        <PhoneIncoming className="size-4.5" aria-hidden />
      </span>
      <span>
        <span className="block font-medium">{t("call.title")}</span>
        <span className={cn("block text-[0.8125rem]", tone === "out" ? "text-primary-foreground" : "text-muted-foreground")} data-testid="chat-call-status">
          {t(callStatusKey(status))}
        </span>
      </span>
    </div>
  );
}

type CardContact = { name?: string; tel?: unknown[] };
const phoneOf = (p: unknown): string => (typeof p === "string" ? p : p && typeof p === "object" ? String((p as Record<string, unknown>).value ?? (p as Record<string, unknown>).number ?? (p as Record<string, unknown>).phone ?? "") : "");

function ContactCards({ m, tone }: { m: MessageDto; tone: Tone }) {
  const { t } = useTranslation("chat");
  const list = (Array.isArray(m.metadata?.contacts) ? (m.metadata.contacts as CardContact[]) : []).filter(Boolean);
  if (list.length === 0) return <p dir="auto" className="whitespace-pre-wrap">{m.content}</p>;
  return (
    <ul className="space-y-2" data-testid="chat-contact-card">
      {list.map((c, i) => {
        const phones = (c.tel ?? []).map(phoneOf).filter(Boolean);
        return (
          <li key={i} className={cn("flex min-w-[200px] items-start gap-3 rounded-[4px] p-2", tone === "out" ? "bg-black/15" : "bg-muted dark:bg-white/6")}>
            <span className={cn("flex size-9 shrink-0 items-center justify-center rounded-full", tone === "out" ? "bg-white/20" : "bg-primary/12 text-primary")}>
              <UserRound className="size-4.5" aria-hidden />
            </span>
            <span className="min-w-0">
              <span dir="auto" className="block font-medium">{c.name || t("message.contactCard")}</span>
              {phones.length ? (
                phones.map((p) => (
                  <a key={p} href={`tel:${p.replace(/[^\d+]/g, "")}`} className="flex items-center gap-1 text-[0.8125rem] hover:underline">
                    <Phone className="size-3" aria-hidden />
                    <span dir="ltr">{p}</span>
                  </a>
                ))
              ) : (
                <span className="block text-[0.8125rem]">{t("message.noPhones")}</span>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** Time and, for outgoing messages, the delivery ticks (sent → delivered → read) in the bubble's corner. */
function MessageMeta({ m, tone, overlay }: { m: MessageDto; tone: Tone; overlay: boolean }) {
  const { t } = useTranslation("chat");
  const state = deliveryState(m);
  const Icon = state === "failed" ? AlertCircle : state === "uncertain" ? CircleHelp : state === "read" || state === "delivered" ? CheckCheck : state === "sent" ? Check : Clock;
  return (
    <div
      className={cn(
        "mt-0.5 flex items-center justify-end gap-1 text-[0.6875rem] leading-none select-none",
        tone === "out" ? "text-primary-foreground" : "text-muted-foreground",
        overlay && "absolute end-2 bottom-2 mt-0 rounded-full bg-black/50 px-1.5 py-1 text-white",
      )}
    >
      {m.senderType === "operator" && tone === "out" && <span className="sr-only">{t("message.operator")}</span>}
      <time dateTime={new Date(m.createdAt).toISOString()}>{formatTime(m.createdAt)}</time>
      {tone === "out" && (
        <span title={t(`message.${state}`)} data-testid="delivery" data-state={state} className={cn("inline-flex", state === "read" && "text-[#9FF0FF]", (state === "failed" || state === "uncertain") && "text-[#FFD1D2]")}>
          <Icon className="size-3.5" aria-label={t(`message.${state}`)} />
        </span>
      )}
    </div>
  );
}
