import { readFileSync } from "node:fs";
import { join } from "node:path";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { FormItem } from "@/components/ui/form";
import { ContactThreadsCard } from "@/features/contacts/components/contact-threads-card";
import type { ContactProfile } from "@/features/contacts/api";
import { i18n } from "@/lib/i18n";

/**
 * Phone-width defects found by the QA walk in French at 390 px: the billing page's header button
 * ran 62 px past the screen, and a contact's conversation row squeezed its name and badges into a
 * sliver next to the «Ouvrir dans le chat» button (the AI badge lay over the button).
 */
beforeAll(async () => {
  await i18n.changeLanguage("fr");
  await i18n.loadNamespaces(["contacts", "chat", "common"]);
});
afterEach(cleanup);

const locales = join(__dirname, "..", "..", "web", "locales");

describe("at 390 px", () => {
  it("the billing header's «requisites and payment methods» button fits the phone in every language", () => {
    // A 390 px screen leaves 358 px for the button: 16 px icon, 8 px gap, 2×16 px padding and ~8.5 px per character at 15 px.
    for (const lng of ["ru", "en", "ar", "fr"]) {
      const label = JSON.parse(readFileSync(join(locales, lng, "billing.json"), "utf8")).account.paymentInfo as string;
      expect(label.length, `${lng}: ${label}`).toBeLessThanOrEqual(36);
    }
  });

  it("a contact's conversation row keeps at least 12rem for its text, so the button wraps under it", () => {
    const contact = {
      contactId: "c1",
      platform: "TELEGRAM",
      threads: [{ threadId: "t1", channelId: null, channel: null, status: "ACTIVE", isGptActive: true, unreadCount: 0, lastMessage: "Доставка в Химки — сколько будет стоить?", updatedAt: new Date().toISOString() }],
    } as unknown as ContactProfile;
    render(
      <MemoryRouter>
        <ContactThreadsCard accountId="acc-1" contact={contact} />
      </MemoryRouter>,
    );
    const row = screen.getByTestId("contact-thread");
    expect(row.className).toMatch(/\bflex-wrap\b/);
    const body = screen.getByTestId("contact-thread-body");
    expect(body.className).toMatch(/\bbasis-48\b/);
    expect(body.textContent).toContain("Chat de test");
    expect(screen.getByTestId("thread-open-chat").textContent).toBe("Ouvrir dans le chat");
  });
});

describe("a form field in a grid row", () => {
  it("packs its label and control at the top (QA: in the wizard «Field» sat 12 px lower than «Time zone» with its hint)", () => {
    render(<FormItem data-testid="item">x</FormItem>);
    // A grid item is stretched to the row's height; without content-start its own rows grow and push the control down.
    expect(screen.getByTestId("item").className.split(" ")).toEqual(expect.arrayContaining(["grid", "content-start"]));
  });
});
