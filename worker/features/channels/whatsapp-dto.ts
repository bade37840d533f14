import type { Channel } from "../../db/schema/inbox";
import type { Env } from "../../env";
import { isConnected, isDemoChannel } from "./channel-status";

// A leaf the socket contract (durable-objects/account-room/protocol.ts) can name: whatsapp.service.ts
// reaches the room through the inbox, so the contract importing it was an import circle.

/** The §3 whatsappSettings: what the page shows and what `core::whatsappStateChanged` carries. */
export function whatsappSettingsDto(env: Env, ch: Channel | null) {
  // Whether "create instance" can work here (a partner token), and whether the gateway is the local stand-in.
  const install = { partnerAvailable: !!env.GREEN_API_PARTNER_TOKEN, demo: isDemoChannel(env, "whatsapp") };
  if (!ch || !isConnected(ch)) return { connected: false, enabled: false, assistantId: ch?.assistantId ?? null, idInstance: null, apiUrl: null, tokenHint: null, stateInstance: null, wid: null, phone: null, createdViaPartner: false, stateCheckedAt: null, ...install };
  const s = ch.state as Record<string, unknown>;
  const wid = (s.wid as string | undefined) ?? null;
  return {
    ...install,
    connected: true,
    enabled: ch.enabled,
    assistantId: ch.assistantId,
    idInstance: ch.externalId,
    apiUrl: (s.apiUrl as string | undefined) ?? null,
    tokenHint: (s.tokenHint as string | undefined) ?? null,
    stateInstance: (s.stateInstance as string | undefined) ?? null,
    wid,
    phone: wid ? "+" + wid.split("@")[0] : null,
    createdViaPartner: s.viaPartner === true,
    stateCheckedAt: (s.stateCheckedAt as number | undefined) ?? null,
  };
}
