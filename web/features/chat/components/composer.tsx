import { useMutation, useMutationState, useQueryClient, type Mutation } from "@tanstack/react-query";
import { Clock, FileText, Paperclip, SendHorizontal, X } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { useAbility } from "@/lib/ability";
import { isApiError } from "@/lib/api";
import { notify } from "@/lib/notify";
import { cn } from "@/lib/utils";
import { chatApi, chatKeys, type ContactDto } from "../api";
import { moveContactToTop, upsertMessage } from "../cache";
import { addSendFailure, sendFailureStore, takeComposerFocus, takeSendFailures, type FailedSend } from "../composer-state";
import { humanSize } from "../utils";
import { itemKey } from "./contact-list";

const MAX_FILES = 10;

interface SendInput {
  accountId: string;
  contactId: string;
  threadId?: string;
  /** The conversation's key in the list (composer-state). */
  key: string;
  content: string;
  files: File[];
  clientMessageId: string;
}

const sendKey = (accountId: string, key: string) => [...chatKeys.all(accountId), "send", key] as const;

/**
 * Sending the replies of one conversation. Without a connection a reply waits (React Query holds it
 * until the browser is online again; one conversation's replies keep their order); one that fails is
 * handed back to the box (composer-state), wherever the operator is by then.
 */
function useReplies(accountId: string, key: string, onSent?: (c: ContactDto) => void) {
  const { t } = useTranslation("chat");
  const qc = useQueryClient();
  const send = useMutation({
    mutationKey: sendKey(accountId, key),
    scope: { id: `chat-send:${accountId}:${key}` },
    mutationFn: (input: SendInput) =>
      chatApi.send(input.accountId, input.contactId, { content: input.content, files: input.files, threadId: input.threadId, clientMessageId: input.clientMessageId }),
    onSuccess: (r, input) => {
      for (const m of r.data) upsertMessage(qc, input.accountId, m);
      moveContactToTop(qc, input.accountId, r.contact);
      onSent?.(r.contact);
    },
    onError: (error, input) => {
      // The server's answer was shown as a snackbar by the API client; a request that never got an
      // answer (no connection) is only logged there, so the box says it.
      const { key: k, content, files, clientMessageId } = input;
      addSendFailure(k, { content, files, clientMessageId, message: isApiError(error) ? null : t("composer.networkFailed") });
    },
  });
  const pending = useMutationState({
    filters: { mutationKey: sendKey(accountId, key), status: "pending" },
    select: (m: Mutation<unknown, Error, unknown>) => ({ paused: m.state.isPaused, input: m.state.variables as SendInput }),
  });
  return { send: send.mutate, waiting: pending.filter((p) => p.paused).map((p) => p.input), sending: pending.some((p) => !p.paused) };
}

/** The replies of this conversation that failed (here, or while the box showed another one or was gone). */
function useFailedReplies(key: string, onBack: (back: FailedSend[]) => void) {
  const failures = useSyncExternalStore(sendFailureStore.subscribe, () => sendFailureStore.get()[key]);
  const handler = useRef(onBack);
  useLayoutEffect(() => {
    handler.current = onBack;
  });
  useEffect(() => {
    if (!failures?.length) return;
    const back = takeSendFailures(key);
    if (back.length) handler.current(back);
  }, [failures, key]);
}

/**
 * The reply box: Enter sends, Shift+Enter adds a line, attachments; disabled while empty. A reply
 * leaves the box when it is sent; without a connection it is listed above the box with «Отправится,
 * когда появится связь» until it goes out; a reply that fails comes back into the box with why, so
 * nothing typed is lost.
 */
export function Composer({ accountId, contact, onSent }: { accountId: string; contact: ContactDto; onSent?: (c: ContactDto) => void }) {
  const { t } = useTranslation("chat");
  const ability = useAbility();
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  // The id of a reply that failed: sent again unchanged, it keeps it (the server drops a duplicate).
  const retry = useRef<{ content: string; id: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const allowed = ability.can("create", "Message");
  const key = itemKey(contact);
  const { send, waiting, sending } = useReplies(accountId, key, onSent);

  useFailedReplies(key, (back) => {
    const content = back.map((f) => f.content).filter(Boolean).join("\n");
    setText((current) => (current.trim() ? `${content}\n${current}` : content));
    setFiles((current) => [...back.flatMap((f) => f.files), ...current].slice(0, MAX_FILES));
    retry.current = back.length === 1 ? { content: back[0]!.content, id: back[0]!.clientMessageId } : null;
    setFailure(back.find((f) => f.message)?.message ?? t("composer.failed"));
  });

  // Opened from the list with the keyboard: the focus comes here (or to the conversation's name when replying is not allowed).
  useEffect(() => {
    if (!takeComposerFocus(key)) return;
    if (allowed) area.current?.focus();
    else form.current?.closest("section")?.querySelector<HTMLElement>('[data-testid="chat-header"] button')?.focus();
  }, [key, allowed]);

  const empty = !text.trim() && files.length === 0;
  const submit = () => {
    if (empty || !allowed) return;
    const content = text.trim();
    const id = retry.current && retry.current.content === content ? retry.current.id : crypto.randomUUID();
    retry.current = null;
    setFailure(null);
    send({ accountId, contactId: contact.contactId, threadId: contact.thread?.threadId, key, content, files, clientMessageId: id });
    setText("");
    setFiles([]);
  };

  const addFiles = (list: FileList | null) => {
    if (!list) return;
    const next = [...files, ...Array.from(list)];
    if (next.length > MAX_FILES) notify({ type: "warning", message: t("composer.tooMany", { count: MAX_FILES }) });
    setFiles(next.slice(0, MAX_FILES));
  };

  return (
    <form
      ref={form}
      className="shrink-0 border-t border-border bg-card p-3 sm:px-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="composer"
    >
      <WaitingReplies replies={waiting} />
      <AttachedFiles files={files} onRemove={(i) => setFiles(files.filter((_, j) => j !== i))} />
      <div className="flex items-end gap-2">
        <input ref={fileInput} type="file" multiple hidden onChange={(e) => (addFiles(e.target.files), (e.target.value = ""))} data-testid="composer-files" />
        <Button type="button" variant="ghost" size="icon" onClick={() => fileInput.current?.click()} aria-label={t("composer.attach")} disabled={!allowed}>
          <Paperclip aria-hidden />
        </Button>
        <textarea
          ref={area}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
          rows={1}
          maxLength={4096}
          disabled={!allowed}
          placeholder={allowed ? t("composer.placeholder") : t("composer.noPermission")}
          aria-label={t("composer.placeholder")}
          aria-describedby="composer-hint"
          aria-invalid={failure ? true : undefined}
          data-testid="composer-input"
          className={cn(
            "max-h-40 min-h-9.5 flex-1 resize-none bidi-plaintext rounded-md border border-input bg-transparent px-3.5 py-2 text-[0.9375rem] leading-snug [field-sizing:content] outline-none placeholder:text-muted-foreground focus-visible:border-primary focus-visible:ring-3 focus-visible:ring-primary/20 disabled:cursor-not-allowed disabled:opacity-60",
          )}
        />
        <Button type="submit" size="icon" disabled={empty || !allowed} loading={sending} aria-label={t("composer.send")} data-testid="composer-send">
          <SendHorizontal className="rtl:rotate-180" aria-hidden />
        </Button>
      </div>
      <div id="composer-hint" className="mt-1.5 text-xs">
        {failure ? (
          <p role="alert" className="text-destructive" data-testid="composer-failed">
            {failure}
          </p>
        ) : (
          <p className="hidden text-muted-foreground sm:block">{t("composer.hint")}</p>
        )}
      </div>
    </form>
  );
}

/** Replies waiting for the connection, each with «Отправится, когда появится связь» (a live region). */
function WaitingReplies({ replies }: { replies: SendInput[] }) {
  const { t } = useTranslation("chat");
  return (
    <ul role="status" className={cn("space-y-1", replies.length > 0 && "mb-2")} data-testid="composer-waiting">
      {replies.map((r) => (
        <li key={r.clientMessageId} className="flex items-center gap-2 rounded-md bg-warning/14 px-3 py-1.5 text-[0.8125rem] text-warning">
          <Clock className="size-4 shrink-0" aria-hidden />
          <span dir="auto" className="min-w-0 truncate font-medium text-foreground">
            {r.content || r.files.map((f) => f.name).join(", ")}
          </span>
          <span className="shrink-0">{t("composer.waiting")}</span>
        </li>
      ))}
    </ul>
  );
}

function AttachedFiles({ files, onRemove }: { files: File[]; onRemove: (index: number) => void }) {
  const { t } = useTranslation("chat");
  if (files.length === 0) return null;
  return (
    <ul className="mb-2 flex flex-wrap gap-2" aria-label={t("composer.attach")}>
      {files.map((f, i) => (
        <li key={`${f.name}-${i}`} className="flex max-w-[240px] items-center gap-2 rounded-md bg-muted py-1 ps-2 pe-1 text-[0.8125rem] dark:bg-white/6">
          <FileText className="size-4 shrink-0 text-primary" aria-hidden />
          <span className="truncate">{f.name}</span>
          <span className="shrink-0 text-muted-foreground">{humanSize(f.size)}</span>
          <button
            type="button"
            className="flex size-6 shrink-0 cursor-pointer items-center justify-center rounded-full hover:bg-secondary/20"
            aria-label={t("composer.removeFile", { name: f.name })}
            onClick={() => onRemove(i)}
          >
            <X className="size-3.5" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
