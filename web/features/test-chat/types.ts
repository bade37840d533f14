import type { MessageDto } from "@worker/features/inbox/serialize";
import type { MessagesPage as ServerMessagesPage } from "@worker/features/contacts/messages.service";

/** Shapes of the playground API, declared once by the worker (never hand-copied). */
export type { TestChatContact, TestChatIncoming, TestChatReply } from "@worker/features/playground/playground.service";
export type TestChatMessage = MessageDto & {
  /** Client-side only: the tester's message before the server stored it. */
  pending?: boolean;
};
/** The server's page, whose messages may carry the client-side `pending` flag in the cache. */
export type MessagesPage = Omit<ServerMessagesPage, "data"> & { data: TestChatMessage[] };
/** The chat a test chat view shows (client state). */
export interface ActiveChat {
  /** The test customer's id (one chat per id), chosen by the client. */
  platformUserId: string;
  /** Known once the server stored the first message. */
  contactId: string | null;
  assistantId: string;
  name: string;
}
