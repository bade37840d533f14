import { useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { SendHorizontal } from "lucide-react";
import { Button } from "@/components/ui/button";
import { LAUNCHER_AVOID } from "@/lib/launcher-avoid";
import type { TestChatState } from "../use-test-chat";

/** The tester's message box: Enter sends, Shift+Enter breaks the line; the text comes back if sending failed. */
export function TestChatComposer({ chat, popup, noAssistants }: { chat: TestChatState; popup: boolean; noAssistants: boolean }) {
  const { t } = useTranslation("testChat");
  const [text, setText] = useState("");
  const input = useRef<HTMLTextAreaElement>(null);
  const canSend = !!chat.active && !chat.awaiting && !!text.trim() && !noAssistants;

  const submit = async () => {
    const message = text.trim();
    if (!message || chat.awaiting) return;
    setText("");
    const ok = await chat.send(message);
    if (!ok) setText((current) => current || message);
    input.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <form
      {...(popup ? {} : LAUNCHER_AVOID)}
      className="flex items-end gap-2 border-t px-3 py-2.5"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <textarea
        ref={input}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        rows={1}
        maxLength={4096}
        placeholder={t("placeholder")}
        aria-label={t("placeholder")}
        disabled={!chat.active || noAssistants}
        className="field-sizing-content max-h-32 min-h-9.5 flex-1 resize-none bidi-plaintext rounded-md border border-input bg-transparent px-3 py-2 text-[0.9375rem] leading-snug outline-none placeholder:text-muted-foreground/70 focus-visible:border-primary disabled:cursor-not-allowed disabled:opacity-55"
        data-testid="test-chat-input"
      />
      {/* A plain button, not a submit: in the assistant editor this composer sits inside the editor's
          <form>, and React does not see the submit event of a nested form (the page reloaded). */}
      <Button type="button" onClick={() => void submit()} size="icon" className="size-9.5 shrink-0" disabled={!canSend} loading={chat.awaiting} aria-label={t("send")} data-testid="test-chat-send">
        <SendHorizontal className="rtl:rotate-180" />
      </Button>
    </form>
  );
}
