import { useQuery, useQueryClient } from "@tanstack/react-query";
import { channelApi, channelKeys, CONNECTING_STATES, type WhatsappSettings } from "../api";

/** How often the instance state is asked for while someone is connecting the phone. */
export const STATE_POLL_MS = 5_000;

/**
 * Keeps the page's WhatsApp settings current while the instance is not authorized yet: the state
 * is polled, so a missed push or a gateway without webhooks still moves the page on. The push
 * itself (`core::whatsappStateChanged`) is applied by the realtime installation (web/lib/realtime.ts).
 */
export function useWhatsappLive(accountId: string, settings: WhatsappSettings | undefined) {
  const queryClient = useQueryClient();
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
