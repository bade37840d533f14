import type { TFunction } from "i18next";

/**
 * The stored title of an assistant's own knowledge text (the server's `titleOf` in
 * worker/features/knowledge/assistant-text.ts, always Russian, kept in step with the assistant's
 * name). Old rows have the same title, so they render the same way.
 */
const ASSISTANT_TEXT_TITLE = /^Знания ассистента «([\s\S]*)»$/;

/**
 * A source's title as the user reads it: an assistant's own text (kind `text`, the only kind the
 * server writes itself) in the interface language with the assistant's name; any other source's
 * title is the user's own (a question, a file or page name) and stays as it is.
 */
export function sourceTitle(t: TFunction, s: { kind: string; title: string }): string {
  if (s.kind !== "text") return s.title;
  const m = ASSISTANT_TEXT_TITLE.exec(s.title);
  return m ? t("knowledge:assistantText", { name: m[1] }) : s.title;
}
