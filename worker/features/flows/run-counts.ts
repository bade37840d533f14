import type { Env } from "../../env";

export interface FlowRunCounts {
  started7d: number;
  completed7d: number;
}

/**
 * Conversations each flow started and completed in the last 7 days, for the list. A placeholder
 * that reads nothing: the run table belongs to the runtime (flows-run), which replaces this body
 * with its query. A flow missing from the map shows zeros.
 */
export async function flowRunCounts(_env: Env, _accountId: string, _flowIds: string[]): Promise<Map<string, FlowRunCounts>> {
  return new Map();
}
