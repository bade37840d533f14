import { useAccountSocket } from "@/lib/socket";

/**
 * While a test chat view is open it holds a reference on the account's live socket (opening it
 * connects, closing releases it: §4 "Leaving the popup disconnects"). The room's events reach the
 * chat through React Query, patched by the realtime installation (web/features/test-chat/realtime.ts).
 */
export function useTestChatSocket(accountId: string, enabled: boolean) {
  return useAccountSocket(enabled ? accountId : null);
}
