import type { ContactDto, MessageDto } from "@worker/features/inbox/serialize";
import { useAccountSocket, useSocketEvent } from "@/lib/socket";

/**
 * While a test chat view is open it holds a reference on the account's live socket (opening it
 * connects, closing releases it: §4 "Leaving the popup disconnects") and hands the room's events
 * to the chat.
 */
export function useTestChatSocket({
  accountId,
  enabled,
  onMessage,
  onContact,
  onResync,
}: {
  accountId: string;
  enabled: boolean;
  onMessage: (m: MessageDto) => void;
  onContact: (c: ContactDto) => void;
  onResync: () => void;
}) {
  const id = enabled ? accountId : null;
  const socket = useAccountSocket(id);
  useSocketEvent("message", id, (m) => {
    onMessage(m);
    // The frame carries the contact as committed with the message (no separate updateContact).
    if (m.contact) onContact(m.contact);
  });
  useSocketEvent("updateContact", id, (c) => onContact(c));
  useSocketEvent("joinedAccount", id, (j) => {
    // Reconnected after a gap: what was missed is replayed, or (resync) refetched.
    if (!j.fresh && j.resync) onResync();
  });
  return socket;
}
