import type { ContactDto, MessageDto } from "@worker/features/inbox/serialize";
import type { TestChatReply } from "@worker/features/playground/playground.service";

/** Shapes of the playground API, taken from the server's serializers. */
export type TestChatMessage = MessageDto & {
  /** Client-side only: the tester's message before the server stored it. */
  pending?: boolean;
};
export type TestChatContact = ContactDto & { lastMessage: string | null };
export type { TestChatReply };

export interface MessagesPage {
  data: TestChatMessage[];
  meta: { limit: number; hasMore: boolean; nextCursor: string | null };
}
