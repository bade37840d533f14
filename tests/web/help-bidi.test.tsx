import { cleanup, screen } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ArticleLink } from "@/features/help/components/article-cards";
import { FaqList } from "@/features/help/components/faq-list";
import type { FaqResponse } from "@/features/help/api";
import { i18n } from "@/lib/i18n";
import { renderWithClient, testQueryClient } from "./support/render";

/**
 * The help center in Arabic (QA): the help texts come in English there (no Arabic translation), and
 * laid out right to left they read ".Create a bot 1" and "...answers a minute later." with the
 * period at the start. Each English text takes its own direction.
 */
beforeAll(async () => {
  await i18n.changeLanguage("ar");
  await i18n.loadNamespaces(["help", "common"]);
});
afterEach(cleanup);
afterAll(() => i18n.changeLanguage("ru"));

describe("help texts in the Arabic interface", () => {
  it("an article link's title and summary run in their own direction, aligned with the page", () => {
    renderWithClient(testQueryClient(), <ArticleLink article={{ slug: "telegram", title: "Connecting Telegram", summary: "Create a bot with @BotFather, paste its token." }} />, { router: true });
    for (const text of ["Connecting Telegram", "Create a bot with @BotFather, paste its token."]) {
      const el = screen.getByText(text);
      expect(el.getAttribute("dir"), text).toBe("auto");
      expect(el.className).toContain("align-page-start");
    }
  });

  it("a FAQ question and its answer run in their own direction; the answer carries its language", () => {
    const data = { locale: "en", total: 1, groups: [{ category: "channels", entries: [{ id: "f1", category: "channels", question: "How do I connect Telegram?", answer: "1. Create a bot.", locale: "en" }] }] } as unknown as FaqResponse;
    renderWithClient(testQueryClient(), <FaqList data={data} openAll />, { router: true });
    expect(screen.getByText("How do I connect Telegram?").getAttribute("dir")).toBe("auto");
    const answer = screen.getByTestId("faq-answer");
    expect(answer.getAttribute("dir")).toBe("auto");
    expect(answer.getAttribute("lang")).toBe("en");
    expect(answer.textContent).toContain("Create a bot.");
  });
});
