import { useThreadPreviewText } from "../system-note";

/** A thread's stored last-message preview as text of the interface language (a system note told from what it means). */
export function ThreadPreviewText({ text }: { text: string }) {
  const previewText = useThreadPreviewText();
  return previewText(text);
}
