import type { Env } from "../env";

export interface ChainItem {
  accountId: string;
  threadId: string;
  contactId: string;
  messageId: string;
}

/**
 * The one chain of handlers per thread for freshly ingested incoming messages:
 * an active flow first (flows arrive in a later issue), then the thread's assistant.
 * Must stay fast: it only schedules work; the answer is produced asynchronously.
 */
export async function runChain(env: Env, items: ChainItem[]): Promise<void> {
  void env;
  void items;
}
