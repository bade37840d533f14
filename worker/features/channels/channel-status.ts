import type { Channel } from "../../db/schema/inbox";
import type { Env } from "../../env";

// Pure reads of a channel row and the environment, apart from channels.service.ts (which reaches
// the inbox and, through it, the room): the socket contract's WhatsApp state (whatsapp-dto.ts) is
// built from these without an import circle.

export function isConnected(ch: Channel | null | undefined): ch is Channel & { credentials: string } {
  return !!ch && !!ch.credentials && ch.state?.connected === true;
}

export type DemoChannel = "telegram" | "whatsapp" | "instagram";

/**
 * Whether this messenger is `npm start`'s local stand-in (no real credentials configured), so the
 * card can say it is a demo. Only in development: a production deployment never shows the badge.
 */
export function isDemoChannel(env: Env, kind: DemoChannel): boolean {
  if (env.ENVIRONMENT !== "development" || !env.DEMO_CHANNELS) return false;
  const list = env.DEMO_CHANNELS.split(",").map((x) => x.trim().toLowerCase());
  return list.includes("1") || list.includes("true") || list.includes(kind);
}
