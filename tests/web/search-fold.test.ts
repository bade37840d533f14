import type { ContactDto } from "@worker/features/inbox/serialize";
import { describe, expect, it } from "vitest";
import { matchesFilters } from "@/features/chat/cache";
import { filterTestChats } from "@/features/chat/components/test-chats-panel";

/** The inbox's live filter and the test chats' filter match ё and е alike, as the server's search does. */
const contact = (name: string, lastMessage: string, isTestContact = false) =>
  ({ contactId: name, name, platformUsername: null, platform: "TELEGRAM", isTestContact, thread: { threadId: `t-${name}`, status: "active", lastMessage } }) as unknown as ContactDto;

describe("ё as е in the SPA's own matching", () => {
  it("a live message joins the list searched for either spelling", () => {
    expect(matchesFilters(contact("Артём", "Здравствуйте"), { q: "артем" })).toBe(true);
    expect(matchesFilters(contact("Артем", "Здравствуйте"), { q: "АРТЁМ" })).toBe(true);
    expect(matchesFilters(contact("Мария", "Хочу ёлку"), { q: "елку" })).toBe(true);
    expect(matchesFilters(contact("Мария", "Хочу елку"), { q: "Ёлку" })).toBe(true);
    expect(matchesFilters(contact("Мария", "Хочу ёлку"), { q: "сосну" })).toBe(false);
  });

  it("the test chats panel filters the same way", () => {
    const list = [contact("Ёлкин", "тест", true), contact("Петров", "про елку", true), contact("Иванов", "другое", true)];
    expect(filterTestChats(list, "елк").map((c) => c.name)).toEqual(["Ёлкин", "Петров"]);
    expect(filterTestChats(list, "ЁЛК").map((c) => c.name)).toEqual(["Ёлкин", "Петров"]);
  });
});
