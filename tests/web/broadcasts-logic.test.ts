import { describe, expect, it } from "vitest";
import type { BroadcastStatsDto } from "@worker/features/broadcasts/contract";
import { composerBody, emptyComposer, type ComposerValues } from "@/features/broadcasts/composer-schema";
import { pendingOf, progressOf } from "@/features/broadcasts/components/broadcast-progress";
import { broadcastActions } from "@/features/broadcasts/components/broadcast-row-actions";
import { applyStats } from "@/features/broadcasts/realtime";
import { formFieldOf } from "@/features/broadcasts/use-composer-actions";
import { mediaKeySrc } from "@/features/broadcasts/media";
import { BROADCAST_MEDIA_MAX_BYTES, mediaKindOf, mediaMimeOf, mediaProblem } from "@worker/features/broadcasts/media-rules";

/**
 * The broadcasts UI's rules without a screen: a room frame patches a broadcast unless it is older,
 * progress and "not sent yet" from the counts, what the body sends per channel, where the server's
 * field messages land, and which actions a status and a role allow.
 */
const counts = { total: 10, queued: 1, sent: 3, delivered: 2, read: 1, failed: 1, skipped: 0, clicks: 2 };

describe("room frames", () => {
  const b = { broadcastId: "b1", status: "sending" as const, pausedReason: null, counts, updatedAt: 1000 };
  const frame = (over: Partial<BroadcastStatsDto>): BroadcastStatsDto => ({ broadcastId: "b1", status: "paused", pausedReason: "yellowCard", counts: { ...counts, sent: 5 }, updatedAt: 2000, ...over });

  it("take the newer status, reason and counts", () => {
    expect(applyStats(b, frame({}))).toEqual({ broadcastId: "b1", status: "paused", pausedReason: "yellowCard", counts: { ...counts, sent: 5 }, updatedAt: 2000 });
  });

  it("leave the broadcast as it is when older or of another broadcast", () => {
    expect(applyStats(b, frame({ updatedAt: 500 }))).toBe(b);
    expect(applyStats(b, frame({ broadcastId: "b2" }))).toBe(b);
  });
});

describe("progress", () => {
  it("counts what is done and what the pump has not handed out", () => {
    expect(pendingOf(counts)).toBe(2);
    expect(progressOf(counts)).toBe(70);
    expect(progressOf({ ...counts, total: 0 })).toBe(0);
  });
});

describe("the composer's body", () => {
  const values = (over: Partial<ComposerValues>): ComposerValues =>
    ({ ...emptyComposer("ch1"), name: "Акция", text: "Привет, {{name}}", buttons: [{ label: "Каталог", url: "" }, { label: "Сайт", url: "https://uyut.example" }], ...over }) as ComposerValues;

  it("sends only the chosen channel's pacing, reply buttons without a url, the audience picked", () => {
    expect(composerBody(values({}), "TELEGRAM")).toEqual({
      name: "Акция",
      channelId: "ch1",
      audience: { filter: {} },
      content: { text: "Привет, {{name}}", media: null, buttons: [{ label: "Каталог", url: undefined }, { label: "Сайт", url: "https://uyut.example" }] },
      pacing: { perSecond: 25 },
    });
    expect(composerBody(values({ minDelaySec: 7, maxDelaySec: 20 }), "WHATSAPP").pacing).toEqual({ minDelaySec: 7, maxDelaySec: 20 });
    expect(composerBody(values({}), "INSTAGRAM").pacing).toEqual({});
    expect(composerBody(values({ audienceMode: "segment", segmentId: "s1" }), "TELEGRAM").audience).toEqual({ segmentId: "s1" });
  });

  it("puts the server's field messages on the composer's fields", () => {
    expect(formFieldOf("content.text")).toBe("text");
    expect(formFieldOf("content.buttons.2.url")).toBe("buttons.2.url");
    expect(formFieldOf("pacing.maxDelaySec")).toBe("maxDelaySec");
    expect(formFieldOf("audience.segmentId")).toBe("segmentId");
    expect(formFieldOf("audience")).toBe("filter");
    expect(formFieldOf("channelId")).toBe("channelId");
    expect(formFieldOf("content.media.key")).toBe("media");
    expect(formFieldOf("quota")).toBeNull();
  });
});

describe("actions by status and role", () => {
  const all = { update: true, remove: true };
  it("an admin edits drafts, pauses sending, resumes paused, cancels live ones, deletes finished ones", () => {
    expect(broadcastActions({ status: "draft" }, all)).toEqual({ edit: true, pause: false, resume: false, cancel: false, remove: true });
    expect(broadcastActions({ status: "sending" }, all)).toEqual({ edit: false, pause: true, resume: false, cancel: true, remove: false });
    expect(broadcastActions({ status: "paused" }, all)).toEqual({ edit: false, pause: false, resume: true, cancel: true, remove: false });
    expect(broadcastActions({ status: "completed" }, all)).toEqual({ edit: false, pause: false, resume: false, cancel: false, remove: true });
  });

  it("an operator gets none of them", () => {
    for (const status of ["draft", "scheduled", "sending", "paused", "completed"] as const) {
      expect(Object.values(broadcastActions({ status }, { update: false, remove: false })).some(Boolean)).toBe(false);
    }
  });
});

describe("the file a broadcast may carry (shared by the picker and the upload route)", () => {
  it("knows the kind by MIME type or, for a generic type, by extension; refuses other types, empty and oversized files", () => {
    expect(mediaKindOf(mediaMimeOf("фото.JPG", ""))).toBe("image");
    expect(mediaKindOf(mediaMimeOf("прайс.pdf", "application/octet-stream"))).toBe("document");
    expect(mediaKindOf(mediaMimeOf("ролик.mp4", "video/mp4"))).toBe("video");
    expect(mediaKindOf(mediaMimeOf("ролик.mov", "video/quicktime"))).toBeNull();
    expect(mediaProblem("setup.exe", "application/x-msdownload", 10)).toMatch(/нельзя отправить/);
    expect(mediaProblem("a.png", "image/png", 0)).toBe("Файл пустой");
    expect(mediaProblem("a.png", "image/png", BROADCAST_MEDIA_MAX_BYTES.image)).toBeNull();
    expect(mediaProblem("a.png", "image/png", BROADCAST_MEDIA_MAX_BYTES.image + 1)).toBe("Изображение больше 5 МБ: выберите файл поменьше");
    expect(mediaKeySrc("acc1", "accounts/acc1/2026-11/x1/Прайс 2026.pdf")).toBe("/api/media/acc1/2026-11/x1/%D0%9F%D1%80%D0%B0%D0%B9%D1%81%202026.pdf");
    expect(mediaKeySrc("acc1", "accounts/acc2/2026-11/x1/a.png")).toBeNull();
  });
});
