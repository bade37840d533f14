import type { ChannelAdapter } from "../adapter";
import { SendError } from "../types";
import { GreenApiClient, type GreenCredentials, greenDeliveryState, parseGreenWebhook, type WaWebhook } from "./greenapi";

export interface WhatsappCreds extends GreenCredentials {
  viaPartner: boolean;
}

export const whatsappAdapter: ChannelAdapter = {
  platform: "WHATSAPP",
  webhook: {
    scope: "channel",
    secretHeader: { name: "authorization", bearer: true },
    refusal: "Неверный токен вебхука Green API",
  },
  parse(part, ch, into) {
    into.push(parseGreenWebhook(part as WaWebhook, { accountId: ch.accountId, channelId: ch.id, idInstance: ch.externalId, assistantId: ch.assistantId }));
  },
  deliveryState: greenDeliveryState,
  // Green API hands out a download URL with every file message.
  async mediaUrl(ref) {
    if (ref.kind !== "url") throw new SendError("Неизвестная ссылка на файл", "permanent");
    return ref.url;
  },
  async send(req) {
    return new GreenApiClient(await req.creds<WhatsappCreds>()).send(req.chatId, req.payload);
  },
  // A per-instance pace well under Green API's documented limits.
  limits: { pacing: { channelMs: 50, chatMs: 0 }, attachmentsByUrl: false },
};
