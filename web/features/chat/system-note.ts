import { useTranslation } from "react-i18next";
import type { MessageDto } from "./api";

type NoteMessage = Pick<MessageDto, "content" | "metadata">;

/**
 * A system note's text in the interface language. The notes the server writes into a chat (a
 * hand-off to the operators, a turn the assistant could not answer, AI replies stopped by the plan)
 * are stored in Russian, with what they say in their metadata; in another language they are told
 * from that metadata. The stored text is shown in Russian, and whenever the metadata does not say
 * enough (a note from before it carried the flow's name, say).
 */
export function useSystemNoteText(): (m: NoteMessage) => string {
  const { t, i18n } = useTranslation("chat");
  return (m) => {
    if (i18n.language.startsWith("ru")) return m.content;
    const md = (m.metadata ?? {}) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === "string" && v.trim() ? v : null);
    if (md.event === "handoff") {
      if (md.source === "knowledge") return t("system.handoff.knowledge");
      if (md.source === "tool" && text(md.reason)) return t("system.handoff.tool", { reason: md.reason });
      const keyword = text(md.keyword) ?? (md.source === "keyword" ? /«(.+)»/.exec(String(md.reason ?? ""))?.[1] : null);
      if (md.source === "keyword" && keyword) return t("system.handoff.keyword", { keyword });
      if (md.source === "flow" && text(md.flowName)) return t("system.handoff.flow", { name: md.flowName });
    }
    if (md.event === "ai_error") {
      const code = text(md.code);
      const known = code && i18n.exists(`chat:system.aiErrorReasons.${code}`);
      return t("system.aiError", { reason: known ? t(`system.aiErrorReasons.${code}`) : String(md.reason ?? "") });
    }
    if (md.event === "billing_limit") return t("system.billingLimit");
    return m.content;
  };
}
