import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSocketEvent } from "@/lib/socket";
import { channelApi, channelKeys, CONNECTING_STATES, type WhatsappSettings } from "../api";

/** How often the instance state is asked for while someone is connecting the phone. */
export const STATE_POLL_MS = 5_000;

/**
 * Keeps the page's WhatsApp settings current: `core::whatsappStateChanged` (its data is the new
 * settings) replaces them at once, and while the instance is not authorized yet the state is also
 * polled, so a missed push or a gateway without webhooks still moves the page on.
 */
export function useWhatsappLive(accountId: string, settings: WhatsappSettings | undefined) {
  const queryClient = useQueryClient();
  useSocketEvent("core::whatsappStateChanged", accountId, (data) => {
    queryClient.setQueryData(channelKeys.whatsapp(accountId), data);
  });
  const connecting = !!settings?.connected && CONNECTING_STATES.has(settings.stateInstance);
  useQuery({
    queryKey: [...channelKeys.whatsapp(accountId), "state-poll"],
    queryFn: async () => {
      const next = await channelApi.instanceState(accountId);
      queryClient.setQueryData(channelKeys.whatsapp(accountId), next);
      return next.stateInstance ?? "unknown";
    },
    enabled: connecting,
    refetchInterval: STATE_POLL_MS,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
