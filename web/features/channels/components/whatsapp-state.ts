import type { ChannelTone } from "./channel-card";

/** The gateway's instance states (PROTOCOLS.md) and how the page shows them. */
export const WHATSAPP_STATES: Record<string, ChannelTone> = {
  authorized: "success",
  notAuthorized: "warning",
  starting: "info",
  blocked: "destructive",
  yellowCard: "warning",
  sleepMode: "secondary",
};

export function stateTone(state: string | null | undefined): ChannelTone {
  return (state && WHATSAPP_STATES[state]) || "secondary";
}
