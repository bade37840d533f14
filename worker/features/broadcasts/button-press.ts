import { TelegramClient } from "../../channels/telegram/telegram";
import type { TelegramCreds } from "../../channels/telegram/adapter";
import type { ButtonPress } from "../../channels/types";
import type { Channel } from "../../db/schema/inbox";
import type { Env } from "../../env";
import { createLogger } from "../../lib/logger";
import { openCredentials } from "../channels/channels.service";
import { recordClick } from "./clicks";

const log = createLogger({ component: "broadcasts" });
const BROADCAST_BUTTON = /^bc:([A-Za-z0-9_-]{1,64}):(\d{1,2})$/;

/**
 * Reply buttons pressed under broadcasts (the press itself is already an ordinary incoming message
 * with the button's label in the contact's thread): the click counts on the recipient (only a
 * recipient of that broadcast has a row to count on) and Telegram's query is answered, so the
 * button stops spinning. Never fails the inbound batch: a lost answer only leaves a spinner.
 */
export async function onButtonPresses(env: Env, presses: { channel: Channel; contactId: string; press: ButtonPress }[]): Promise<void> {
  for (const p of presses) {
    try {
      const m = BROADCAST_BUTTON.exec(p.press.data);
      if (m) await recordClick(env, m[1]!, p.contactId, null);
      if (p.channel.platform === "TELEGRAM") {
        const creds = await openCredentials<TelegramCreds>(env, p.channel);
        await new TelegramClient(env.TELEGRAM_API_BASE, creds.botToken).answerCallbackQuery(p.press.queryId);
      }
    } catch (error) {
      log.warn("button press not fully handled", { error, channelId: p.channel.id });
    }
  }
}
