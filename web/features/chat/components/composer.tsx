import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FileText, Paperclip, SendHorizontal, X } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { useAbility } from "@/lib/ability";
import { notify } from "@/lib/notify";
import { cn } from "@/lib/utils";
import { chatApi, type ContactDto } from "../api";
import { moveContactToTop, upsertMessage } from "../cache";
import { humanSize } from "../utils";

const MAX_FILES = 10;

/** The reply box: Enter sends, Shift+Enter adds a line, attachments; disabled while empty. */
export function Composer({ accountId, contact, onSent }: { accountId: string; contact: ContactDto; onSent?: (c: ContactDto) => void }) {
  const { t } = useTranslation("chat");
  const qc = useQueryClient();
  const ability = useAbility();
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const allowed = ability.can("create", "Message");

  const send = useMutation({
    mutationFn: (input: { content: string; files: File[] }) =>
      chatApi.send(accountId, contact.contactId, { ...input, threadId: contact.thread?.threadId, clientMessageId: crypto.randomUUID() }),
    onSuccess: (r) => {
      for (const m of r.data) upsertMessage(qc, accountId, m);
      moveContactToTop(qc, accountId, r.contact);
      onSent?.(r.contact);
      setText("");
      setFiles([]);
      area.current?.focus();
    },
  });

  const empty = !text.trim() && files.length === 0;
  const submit = () => {
    if (empty || send.isPending || !allowed) return;
    send.mutate({ content: text.trim(), files });
  };

  const addFiles = (list: FileList | null) => {
    if (!list) return;
    const next = [...files, ...Array.from(list)];
    if (next.length > MAX_FILES) notify({ type: "warning", message: t("composer.tooMany", { count: MAX_FILES }) });
    setFiles(next.slice(0, MAX_FILES));
  };

  return (
    <form
      className="shrink-0 border-t border-border bg-card p-3 sm:px-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="composer"
    >
      {files.length > 0 && (
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
                onClick={() => setFiles(files.filter((_, j) => j !== i))}
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
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
          data-testid="composer-input"
          className={cn(
            "max-h-40 min-h-9.5 flex-1 resize-none bidi-plaintext rounded-md border border-input bg-transparent px-3.5 py-2 text-[0.9375rem] leading-snug [field-sizing:content] outline-none placeholder:text-muted-foreground focus-visible:border-primary focus-visible:ring-3 focus-visible:ring-primary/20 disabled:cursor-not-allowed disabled:opacity-60",
          )}
        />
        <Button type="submit" size="icon" disabled={empty || !allowed} loading={send.isPending} aria-label={t("composer.send")} data-testid="composer-send">
          <SendHorizontal className="rtl:rotate-180" aria-hidden />
        </Button>
      </div>
      <p id="composer-hint" className="mt-1.5 hidden text-xs text-muted-foreground sm:block">
        {t("composer.hint")}
      </p>
    </form>
  );
}
