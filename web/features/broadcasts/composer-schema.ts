import { z } from "zod";
import type { TFunction } from "i18next";
import { MAX_BROADCAST_NAME, MAX_BROADCAST_TEXT, MAX_BUTTON_LABEL, MAX_BUTTONS, PACING_DEFAULTS, PACING_LIMITS } from "@worker/features/broadcasts/contract";
import type { AudienceFilter } from "@worker/features/audience/filter";
import type { Broadcast, BroadcastInput } from "./api";
import { readyFilter } from "@/features/audience/filter-model";

type BroadcastMedia = NonNullable<Broadcast["content"]["media"]>;

export type ComposerPlatform = "TELEGRAM" | "WHATSAPP" | "INSTAGRAM";

const isUrl = (s: string) => {
  try {
    const u = new URL(s);
    return u.protocol === "https:" || u.protocol === "http:";
  } catch {
    return false;
  }
};

/** The composer's form: what the user fills in, checked on the page before the server checks it again. */
export function composerSchema(t: TFunction<"broadcasts">) {
  const button = z.object({
    label: z.string().trim().min(1, t("composer.errors.buttonLabel")).max(MAX_BUTTON_LABEL, t("composer.errors.max", { n: MAX_BUTTON_LABEL })),
    url: z.string().trim().refine((s) => !s || isUrl(s), t("composer.errors.url")),
    // undefined: a link or reply button; a string: the button starts a published flow ("" = not chosen yet).
    flowId: z.string().optional().refine((s) => s === undefined || s.length > 0, t("composer.errors.flow")),
  });
  const whole = (min: number, max: number, message: string) => z.coerce.number<string | number>({ error: message }).int(t("composer.errors.whole")).min(min, message).max(max, message);
  const delay = t("composer.errors.delay", { min: PACING_LIMITS.minDelaySecMin, max: PACING_LIMITS.maxDelaySecMax });
  return z
    .object({
      name: z.string().trim().min(1, t("composer.errors.name")).max(MAX_BROADCAST_NAME, t("composer.errors.max", { n: MAX_BROADCAST_NAME })),
      // A draft may be saved without a channel (none connected yet); starting and the test send
      // require one (useComposerActions), as the server does.
      channelId: z.string(),
      audienceMode: z.enum(["segment", "filter"]),
      segmentId: z.string(),
      filter: z.custom<AudienceFilter>(),
      text: z.string().max(MAX_BROADCAST_TEXT, t("composer.errors.max", { n: MAX_BROADCAST_TEXT })),
      media: z.custom<BroadcastMedia | null>(),
      buttons: z.array(button).max(MAX_BUTTONS, t("composer.errors.buttons", { n: MAX_BUTTONS })),
      scheduleMode: z.enum(["now", "later"]),
      at: z.string(),
      perSecond: whole(1, PACING_LIMITS.perSecondMax, t("composer.errors.perSecond", { max: PACING_LIMITS.perSecondMax })),
      minDelaySec: whole(PACING_LIMITS.minDelaySecMin, PACING_LIMITS.maxDelaySecMax, delay),
      maxDelaySec: whole(PACING_LIMITS.minDelaySecMin, PACING_LIMITS.maxDelaySecMax, delay),
    })
    .refine((v) => v.text.trim() || v.media, { path: ["text"], message: t("composer.errors.text") })
    .refine((v) => v.audienceMode !== "segment" || v.segmentId, { path: ["segmentId"], message: t("composer.errors.segment") })
    .refine((v) => v.scheduleMode !== "later" || v.at, { path: ["at"], message: t("composer.errors.at") })
    .refine((v) => Number(v.maxDelaySec) >= Number(v.minDelaySec), { path: ["maxDelaySec"], message: t("composer.errors.delayOrder") });
}

export type ComposerInput = z.input<ReturnType<typeof composerSchema>>;
export type ComposerValues = z.output<ReturnType<typeof composerSchema>>;

/** A new broadcast's form: the channel's default pacing, everyone reachable, sent now. */
export function emptyComposer(channelId = ""): ComposerInput {
  return {
    name: "",
    channelId,
    audienceMode: "filter",
    segmentId: "",
    filter: {},
    text: "",
    media: null,
    buttons: [],
    scheduleMode: "now",
    at: "",
    perSecond: PACING_DEFAULTS.TELEGRAM.perSecond ?? 25,
    minDelaySec: PACING_DEFAULTS.WHATSAPP.minDelaySec ?? 5,
    maxDelaySec: PACING_DEFAULTS.WHATSAPP.maxDelaySec ?? 15,
  };
}

/** A saved draft back in the form. */
export function composerFromBroadcast(b: Broadcast): ComposerInput {
  const empty = emptyComposer(b.channelId ?? "");
  const audience = b.audience as { segmentId?: string; filter?: AudienceFilter };
  return {
    ...empty,
    name: b.name,
    audienceMode: audience.segmentId ? "segment" : "filter",
    segmentId: audience.segmentId ?? "",
    filter: audience.filter ?? {},
    text: b.content.text,
    media: b.content.media ?? null,
    buttons: b.content.buttons.map((x) => ({ label: x.label, url: x.url ?? "", flowId: x.flowId })),
    perSecond: b.pacing.perSecond ?? empty.perSecond,
    minDelaySec: b.pacing.minDelaySec ?? empty.minDelaySec,
    maxDelaySec: b.pacing.maxDelaySec ?? empty.maxDelaySec,
  };
}

/** The API's body of the form for a channel of this platform (its own pacing only). */
export function composerBody(v: ComposerValues, platform: string | undefined): BroadcastInput {
  const pacing = platform === "WHATSAPP" ? { minDelaySec: v.minDelaySec, maxDelaySec: v.maxDelaySec } : platform === "TELEGRAM" ? { perSecond: v.perSecond } : {};
  return {
    name: v.name,
    channelId: v.channelId || undefined,
    audience: v.audienceMode === "segment" ? { segmentId: v.segmentId } : { filter: readyFilter(v.filter) },
    content: { text: v.text, media: v.media ?? null, buttons: v.buttons.map((b) => (b.flowId !== undefined ? { label: b.label, flowId: b.flowId } : { label: b.label, url: b.url || undefined })) },
    pacing,
  };
}
