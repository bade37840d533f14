import { createContext, useContext } from "react";
import type { ContactDto, MessageDto } from "../api";

/**
 * Who wrote an outgoing bubble, as its label says: the AI assistant, a flow (its `metadata.flowId`;
 * the runtime writes a flow's sends as the assistant's), an operator.
 */
export type Author = { kind: "assistant" } | { kind: "flow"; flowId: string } | { kind: "operator" } | { kind: "other" };

export function authorOf(m: MessageDto): Author {
  if (m.senderType === "assistant") {
    const flowId = m.metadata?.flowId;
    return typeof flowId === "string" && flowId ? { kind: "flow", flowId } : { kind: "assistant" };
  }
  return m.senderType === "operator" ? { kind: "operator" } : { kind: "other" };
}

export const sameAuthor = (a: Author, b: Author) => a.kind === b.kind && (a.kind !== "flow" || a.flowId === (b as { flowId: string }).flowId);

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v : null);

/**
 * The flows' names a chat knows without asking: the send's own `flowName` (should the runtime write
 * it), the flow's event lines in the log («Сценарий «…» запущен» carry `flowId` and `flowName`), the
 * thread's running flow, then the account's published flows (the chat's "start a flow" list).
 */
export function flowNamesOf(messages: readonly MessageDto[], contact?: Pick<ContactDto, "thread"> | null, flows?: readonly { flowId: string; name: string }[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const f of flows ?? []) if (text(f.name)) names.set(f.flowId, f.name);
  const running = contact?.thread?.flow;
  if (running && text(running.flowName)) names.set(running.flowId, running.flowName);
  // The log last: the name the flow had when it wrote there.
  for (const m of messages) {
    const id = text(m.metadata?.flowId);
    const name = text(m.metadata?.flowName);
    if (id && name) names.set(id, name);
  }
  return names;
}

/** The flows whose sends in this log have no name yet (then the chat asks for the published flows). */
export const unnamedFlows = (messages: readonly MessageDto[], names: ReadonlyMap<string, string>) =>
  messages.some((m) => {
    const a = authorOf(m);
    return a.kind === "flow" && !names.has(a.flowId);
  });

export const FlowNamesContext = createContext<ReadonlyMap<string, string>>(new Map());
export const useFlowName = (flowId: string | null): string | null => {
  const names = useContext(FlowNamesContext);
  return flowId ? (names.get(flowId) ?? null) : null;
};
