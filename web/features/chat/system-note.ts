import type { i18n as I18n, TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { MessageDto } from "./api";

type NoteMessage = Pick<MessageDto, "content" | "metadata">;

const FLOW_EVENTS = new Set(["started", "ended", "stopped", "paused", "resumed"]);

/** A note told from its metadata in the interface language; the stored (Russian) text when that says too little. */
function wordNote(t: TFunction, i18n: I18n, m: NoteMessage): string {
  if (i18n.language.startsWith("ru")) return m.content;
  const md = (m.metadata ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" && v.trim() ? v : null);
  if (md.event === "handoff") {
    if (md.source === "knowledge") return t("system.handoff.knowledge");
    if (md.source === "tool" && text(md.reason)) return t("system.handoff.tool", { reason: md.reason });
    const keyword = text(md.keyword) ?? (md.source === "keyword" ? /«(.+)»/.exec(String(md.reason ?? ""))?.[1] : null);
    if (md.source === "keyword" && keyword) return t("system.handoff.keyword", { keyword });
    if (md.source === "flow" && text(md.flowName)) return t("system.handoff.flow", { name: md.flowName });
    // A hand-off that says nothing of its reason (the wording of the demo's analytics seed).
    if (md.source === undefined && !text(md.reason)) return t("system.handoff.plain");
  }
  if (md.event === "ai_error") {
    const code = text(md.code);
    const known = code && i18n.exists(`chat:system.aiErrorReasons.${code}`);
    return t("system.aiError", { reason: known ? t(`system.aiErrorReasons.${code}`) : String(md.reason ?? "") });
  }
  if (md.event === "billing_limit") return t("system.billingLimit");
  // The customer blocked or unblocked the bot (worker/features/broadcasts/bot-block.ts).
  if (md.event === "bot_blocked") return t("system.botBlocked");
  if (md.event === "bot_unblocked") return md.subscription === "unsubscribed" ? t("system.botUnblockedUnsubscribed") : t("system.botUnblocked");
  // A flow's line (worker/features/flows/runtime/commit.ts eventLine): an operator's stop ends the run with reason "stopped".
  const name = text(md.flowName);
  if (typeof md.flowEvent === "string" && name) {
    // A run another flow replaced (a customer's keyword, an operator's start) names that flow.
    if (md.flowEvent === "ended" && md.reason === "replaced" && typeof md.replacedBy === "string")
      return t(md.replacedVia === "operator" ? "system.flow.replacedByOperator" : "system.flow.replaced", { name, by: md.replacedBy });
    const event = md.flowEvent === "ended" && md.reason === "stopped" ? "stopped" : md.flowEvent;
    if (event === "step" && text(md.stepName)) return t("system.flow.step", { name, step: md.stepName });
    if (FLOW_EVENTS.has(event)) return t(`system.flow.${event}`, { name });
  }
  return m.content;
}

/**
 * A system note's text in the interface language. The notes the server writes into a chat (a
 * hand-off to the operators, a turn the assistant could not answer, AI replies stopped by the plan,
 * the customer blocking or unblocking the bot) are stored in Russian, with what they say in their
 * metadata; in another language they are told from that metadata. The stored text is shown in Russian, and whenever the metadata does not say
 * enough (a note from before it carried the flow's name, say).
 */
export function useSystemNoteText(): (m: NoteMessage) => string {
  const { t, i18n } = useTranslation("chat");
  return (m) => wordNote(t, i18n, m);
}

const HANDOFF = /^Ассистент передал диалог оператору(?:\. Причина: (.+?))?\.?$/s;
const KEYWORD = /^ключевое слово «(.+)»$/s;
const KNOWLEDGE = "в базе знаний нет ответа на вопрос клиента";
const FLOW_HANDOFF = /^Сценарий «(.+)» передал диалог оператору\.?$/s;
// The preview keeps the first 500 characters (worker/features/inbox/serialize.ts previewOf): a long reason may lose the ending.
const AI_ERROR = /^Ассистент не смог ответить клиенту: (.+?)(?:\. Ответьте, пожалуйста, вручную\.)?$/s;
const BILLING = /^Ассистент не ответил: ответы ИИ по тарифу закончились/;
const BOT_BLOCKED = "Клиент заблокировал бота — рассылки ему не отправляются";
const BOT_UNBLOCKED = /^Клиент разблокировал бота(, но по-прежнему отписан от рассылок)?/;
const FLOW_STEP = /^Сценарий «(.+)»: шаг «(.*)»$/s;
const FLOW_EVENT = /^Сценарий «(.+)» (запущен|завершён|остановлен|приостановлен|продолжен)$/s;
const FLOW_EVENT_OF: Record<string, { flowEvent: string; reason?: string }> = {
  запущен: { flowEvent: "started" },
  завершён: { flowEvent: "ended" },
  остановлен: { flowEvent: "ended", reason: "stopped" },
  приостановлен: { flowEvent: "paused" },
  продолжен: { flowEvent: "resumed" },
};

/**
 * The note a thread's preview stands for, or null. A thread keeps only its last message's text
 * (`last_message`), not the metadata, so a note that is there (older rows, the demo's seeds) is
 * recognised by the Russian wording the server writes (worker/ai/runner.ts,
 * worker/features/billing/limits.ts AI_STOPPED_NOTE, worker/features/flows/runtime,
 * worker/features/broadcasts/bot-block.ts) and given back
 * the metadata it was written with. Anything else (a customer's text) is not a note.
 */
export function noteOfPreview(content: string): NoteMessage | null {
  const note = (metadata: Record<string, unknown>) => ({ content, metadata });
  let m: RegExpExecArray | null;
  if ((m = HANDOFF.exec(content))) {
    const reason = m[1];
    if (!reason) return note({ event: "handoff" });
    if (reason === KNOWLEDGE) return note({ event: "handoff", source: "knowledge", reason });
    const keyword = KEYWORD.exec(reason)?.[1];
    return keyword ? note({ event: "handoff", source: "keyword", reason, keyword }) : note({ event: "handoff", source: "tool", reason });
  }
  if ((m = FLOW_HANDOFF.exec(content))) return note({ event: "handoff", source: "flow", flowName: m[1] });
  if ((m = AI_ERROR.exec(content))) return note({ event: "ai_error", reason: m[1] });
  if (BILLING.test(content)) return note({ event: "billing_limit" });
  if (content === BOT_BLOCKED) return note({ event: "bot_blocked" });
  if ((m = BOT_UNBLOCKED.exec(content))) return note({ event: "bot_unblocked", subscription: m[1] ? "unsubscribed" : "subscribed" });
  if ((m = FLOW_STEP.exec(content))) return note({ flowEvent: "step", flowName: m[1], stepName: m[2] });
  if ((m = FLOW_EVENT.exec(content))) return note({ ...FLOW_EVENT_OF[m[2]!], flowName: m[1] });
  return null;
}

/**
 * A thread's last-message preview in the interface language: a system note the server wrote is told
 * the way the chat tells it (useSystemNoteText), anything else is shown as stored. It does not wait
 * for the chat's texts (pages outside the chat show previews too): until they are there, the
 * stored text.
 */
export function useThreadPreviewText(): (preview: string) => string {
  const { t, i18n, ready } = useTranslation("chat", { useSuspense: false });
  return (preview) => {
    if (!ready || i18n.language.startsWith("ru")) return preview;
    const note = noteOfPreview(preview.trim());
    return note ? wordNote(t, i18n, note) : preview;
  };
}
