import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { VideoDialog } from "@/features/chat/components/media-dialogs";
import { i18n } from "@/lib/i18n";

/**
 * The video dialog of SPEC §2.10. The server always stores a video with its URL, so the two
 * warnings cannot be reached through the app; the component is rendered directly with the
 * sources that lack them.
 */
beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["chat", "common"]);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("VideoDialog (§2.10)", () => {
  it("warns about a missing YouTube id, shown translated and logged as the spec words it", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    render(<VideoDialog open onOpenChange={() => {}} source={{ youtube: true, id: null }} />);
    expect(screen.getByTestId("video-warning").textContent).toContain("Не указан идентификатор видео YouTube");
    expect(warn).toHaveBeenCalledWith("Missing YouTube video ID");
    expect(screen.getByTestId("video-dialog").querySelector("iframe, video")).toBeNull();
  });

  it("a YouTube link that carries no valid id is missing too", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    render(<VideoDialog open onOpenChange={() => {}} source={{ youtube: true, id: "https://www.youtube.com/watch?v=" }} />);
    expect(screen.getByTestId("video-warning").textContent).toContain("Не указан идентификатор видео YouTube");
    expect(warn).toHaveBeenCalledWith("Missing YouTube video ID");
  });

  it("warns about a missing URL of a non-YouTube video", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    render(<VideoDialog open onOpenChange={() => {}} source={{ url: null, title: "clip.mp4" }} />);
    expect(screen.getByTestId("video-warning").textContent).toContain("Не указана ссылка на видео");
    expect(warn).toHaveBeenCalledWith("Missing non-YouTube video URL");
  });

  it("plays what it has: the YouTube embed from an id, a video element from a URL, and no warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    render(<VideoDialog open onOpenChange={() => {}} source={{ youtube: true, id: "aqz-KE-bpKQ" }} />);
    expect(screen.getByTestId("video-dialog").querySelector("iframe")?.getAttribute("src")).toContain("/embed/aqz-KE-bpKQ");
    cleanup();
    render(<VideoDialog open onOpenChange={() => {}} source={{ url: "/api/media/a/clip.mp4" }} />);
    expect(screen.getByTestId("video-dialog").querySelector("video")?.getAttribute("src")).toBe("/api/media/a/clip.mp4");
    expect(screen.queryByTestId("video-warning")).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });
});
