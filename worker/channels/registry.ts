import type { Platform } from "../db/schema/inbox";
import type { ChannelAdapter } from "./adapter";
import { instagramAdapter } from "./instagram/adapter";
import { telegramAdapter } from "./telegram/adapter";
import type { MessengerPlatform } from "./types";
import { whatsappAdapter } from "./whatsapp/adapter";

/** Every messenger the Worker speaks, keyed by platform: the one place a new channel is added. */
export const CHANNELS: Record<MessengerPlatform, ChannelAdapter> = {
  TELEGRAM: telegramAdapter,
  WHATSAPP: whatsappAdapter,
  INSTAGRAM: instagramAdapter,
};

export const MESSENGER_PLATFORMS = Object.keys(CHANNELS) as [MessengerPlatform, ...MessengerPlatform[]];

/** The platform's adapter; null for platforms that never reach a messenger (the web chat). */
export function channelAdapter(platform: Platform | null | undefined): ChannelAdapter | null {
  return platform && Object.hasOwn(CHANNELS, platform) ? CHANNELS[platform as MessengerPlatform] : null;
}
