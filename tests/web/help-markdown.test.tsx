import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { HelpMarkdown } from "@/features/help/components/help-markdown";
import { appLinkTarget, videoSourceOf } from "@/features/help/markdown-links";
import { i18n } from "@/lib/i18n";
import { renderWithClient, testQueryClient } from "./support/render";

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["chat", "help", "common"]);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const show = (md: string) => renderWithClient(testQueryClient(), <HelpMarkdown>{md}</HelpMarkdown>, { router: true });

describe("help markdown links", () => {
  it("reads the video link forms", () => {
    expect(videoSourceOf("video:youtube:aqz-KE-bpKQ")).toEqual({ youtube: true, id: "aqz-KE-bpKQ" });
    expect(videoSourceOf("video:youtube:")).toEqual({ youtube: true, id: null });
    expect(videoSourceOf("video:https://cdn.example/clip.mp4")).toEqual({ url: "https://cdn.example/clip.mp4" });
    expect(videoSourceOf("video:")).toEqual({ url: null });
    expect(videoSourceOf("video:javascript:alert(1)")).toEqual({ url: null });
    expect(videoSourceOf("https://example.com")).toBeNull();
  });

  it("opens app: links in the current account", () => {
    expect(appLinkTarget("app:/connect", "acc123")).toBe("/acc123/connect");
    expect(appLinkTarget("app:/connect", null)).toBe("/accounts");
    expect(appLinkTarget("/help-center", "acc123")).toBe("/help-center");
    expect(appLinkTarget("//evil.example", "acc123")).toBeNull();
    expect(appLinkTarget("https://t.me/BotFather", "acc123")).toBeNull();
  });
});

describe("HelpMarkdown", () => {
  it("renders no raw HTML: tags stay text, javascript: links lose their target", () => {
    const { container } = show('<img src=x onerror="alert(1)"> **жирный** [x](javascript:alert(1))');
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("strong")?.textContent).toBe("жирный");
    expect(container.querySelector("a")?.getAttribute("href") ?? "").not.toContain("javascript");
  });

  it("a video link opens the §2.10 dialog; a missing id shows its warning", () => {
    show("[Видео: настройка](video:youtube:aqz-KE-bpKQ) и [пустое](video:youtube:)");
    fireEvent.click(screen.getByRole("button", { name: /Видео: настройка/ }));
    expect(screen.getByTestId("video-dialog").querySelector("iframe")?.getAttribute("src")).toContain("/embed/aqz-KE-bpKQ");
    cleanup();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    show("[пустое](video:youtube:)");
    fireEvent.click(screen.getByRole("button", { name: /пустое/ }));
    expect(screen.getByTestId("video-warning").textContent).toContain("Не указан идентификатор видео YouTube");
    expect(warn).toHaveBeenCalledWith("Missing YouTube video ID");
  });

  it("external links open in a new tab; images keep their alt text", () => {
    const { container } = show("[BotFather](https://t.me/BotFather)\n\n![Путь сообщения](/help/message-path-ru.svg)");
    const a = container.querySelector("a")!;
    expect(a.getAttribute("target")).toBe("_blank");
    expect(a.getAttribute("rel")).toContain("noopener");
    expect(container.querySelector("img")?.getAttribute("alt")).toBe("Путь сообщения");
  });
});
