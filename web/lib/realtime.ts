import type { QueryClient } from "@tanstack/react-query";
import { installDashboardRealtime } from "@/features/analytics/realtime";
import { installBroadcastsRealtime } from "@/features/broadcasts/realtime";
import { installChatRealtime } from "@/features/chat/cache";
import { channelKeys } from "@/features/channels/api";
import { installCommentsRealtime } from "@/features/comments/realtime";
import { installContactsRealtime } from "@/features/contacts/api";
import { installTestChatRealtime } from "@/features/test-chat/realtime";
import { queryClient } from "./query";
import { onSocketEvent } from "./socket";

/**
 * The one place where the room's events reach the SPA (SPEC §4): each feature's rules patch or
 * invalidate its React Query keys under ["accounts", accountId, …], whether or not a page showing
 * them is mounted, and components only read React Query. Installed once, by the account scope
 * (web/components/account-scope.tsx), before any account page renders.
 */
let installedOn: QueryClient | null = null;

export function installRealtime(qc: QueryClient = queryClient): void {
  if (installedOn) return;
  installedOn = qc;
  installChatRealtime(qc);
  installContactsRealtime();
  installCommentsRealtime(qc);
  installTestChatRealtime(qc);
  installBroadcastsRealtime(qc);
  installDashboardRealtime(qc);
  // Its data is the new settings of the channels page.
  onSocketEvent("core::whatsappStateChanged", (data, { accountId }) => qc.setQueryData(channelKeys.whatsapp(accountId), data));
}
