import type { Env } from "../../env";
import { getDb } from "../../db/client";
import { googleCalendarHubState } from "../google-calendar/connection.service";
import { loadIntegration } from "../bitrix24/client";

/**
 * The integrations hub reads every integration's state through this registry: one entry per card,
 * in the hub's order. An entry answers the card's state from its own tables; the hub knows nothing else.
 */
export type IntegrationStatus = "not_connected" | "connected" | "error";

export interface IntegrationState {
  id: string;
  status: IntegrationStatus;
  /** The last error as a sentence (status "error"). */
  lastError: string | null;
  /** When it last worked (ms): the last successful call or delivery. */
  lastOkAt: number | null;
  /** What is connected, e.g. the portal or calendar name, or "2 endpoints". */
  detail: string | null;
  /** The SPA page that opens it (":accountId" filled by the SPA). */
  path: string;
  /** Whether the hub offers "disconnect" (DELETE `disconnectApi`). */
  disconnectApi: string | null;
}

export interface IntegrationEntry {
  id: string;
  state(env: Env, accountId: string): Promise<IntegrationState>;
}

const bitrix24: IntegrationEntry = {
  id: "bitrix24",
  async state(env, accountId) {
    const row = await loadIntegration(env, accountId);
    return {
      id: "bitrix24",
      status: row ? row.status : "not_connected",
      lastError: row?.status === "error" ? row.last_error : null,
      lastOkAt: row?.last_ok_at ?? null,
      detail: row?.domain ?? null,
      path: row ? "/:accountId/integration/bitrix" : "/:accountId/integration/bitrix24/setup",
      disconnectApi: row ? `/accounts/${accountId}/integrations/bitrix24` : null,
    };
  },
};

// ── GOOGLE CALENDAR ─────────────────────────────────────────────────────────────────────────────
/** Google Calendar booking (features/google-calendar): the connection's state, its last error and last success. */
const googleCalendar: IntegrationEntry = {
  id: "google-calendar",
  async state(env, accountId) {
    const s = await googleCalendarHubState(getDb(env.DB), accountId);
    return {
      id: "google-calendar",
      status: s.state,
      lastError: s.lastError ?? null,
      lastOkAt: s.lastWorkedAt ?? null,
      detail: null,
      path: "/:accountId/integration/google-calendar",
      disconnectApi: s.state === "not_connected" ? null : `/accounts/${accountId}/integrations/google-calendar`,
    };
  },
};
// ── end GOOGLE CALENDAR ─────────────────────────────────────────────────────────────────────────

/** Outgoing webhooks (features/outgoing-webhooks): connected while an endpoint is enabled; an error when one was switched off by failures. */
const webhooks: IntegrationEntry = {
  id: "webhooks",
  async state(env, accountId) {
    const [e, d] = await env.DB.batch<Record<string, unknown>>([
      env.DB.prepare(
        "SELECT SUM(enabled) AS enabled, COUNT(*) AS total, MAX(CASE WHEN enabled = 0 AND disabled_reason IS NOT NULL THEN disabled_reason END) AS reason FROM webhook_endpoints WHERE account_id = ?1",
      ).bind(accountId),
      // Through the account's endpoints (deliveries have no account index: `account_id = ?` scanned every account's).
      env.DB.prepare(
        "SELECT MAX(d.last_attempt_at) AS ok FROM webhook_endpoints e CROSS JOIN webhook_deliveries d ON d.endpoint_id = e.id WHERE e.account_id = ?1 AND d.status = 'succeeded'",
      ).bind(accountId),
    ]);
    const r = e!.results[0] ?? {};
    const total = Number(r.total ?? 0);
    const enabled = Number(r.enabled ?? 0);
    const status: IntegrationStatus = total === 0 ? "not_connected" : enabled === 0 && r.reason ? "error" : "connected";
    return {
      id: "webhooks",
      status,
      lastError: status === "error" ? String(r.reason) : null,
      lastOkAt: (d!.results[0]?.ok as number | null) ?? null,
      detail: total ? String(total) : null,
      path: "/:accountId/account-settings?tab=webhook",
      disconnectApi: null,
    };
  },
};

export const INTEGRATIONS: IntegrationEntry[] = [bitrix24, googleCalendar, webhooks];

export async function integrationStates(env: Env, accountId: string): Promise<IntegrationState[]> {
  return Promise.all(INTEGRATIONS.map((i) => i.state(env, accountId)));
}
