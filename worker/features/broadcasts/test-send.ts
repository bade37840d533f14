import { and, eq } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import type { Env } from "../../env";
import { AppError } from "../../lib/errors";
import { tagsAndValues } from "../audience/audience.service";
import { testBotUserId } from "../contacts/test-bot.service";
import { ingestIncoming } from "../inbox/ingest";
import { orderedId } from "../inbox/rows";
import { broadcastRow, channelOf } from "./broadcasts.service";
import { hasNativeButtons, renderBroadcastText, withNumberedButtons } from "./contract";

/**
 * A test send: the message as the broadcast's channel would show it (variables filled with the
 * member's own test contact: the test chat's WEBCHAT contact `test-bot:<userId>`, the one the
 * member talks to the assistant as), written into that contact's test chat. Test contacts never
 * reach a messenger, so nothing leaves the platform and no quota is spent.
 */
export async function testSend(env: Env, accountId: string, broadcastId: string, user: { id: string; name: string }) {
  const b = await broadcastRow(env, accountId, broadcastId);
  if (!b.channelId) throw new AppError(400, "VALIDATION_ERROR", "Выберите канал рассылки", { fields: { channelId: ["Выберите канал рассылки"] } });
  const ch = await channelOf(env, accountId, b.channelId);
  const platformUserId = testBotUserId(user.id);
  const existing = await getDb(env.DB)
    .select({ id: schema.contacts.id, name: schema.contacts.name })
    .from(schema.contacts)
    .where(and(eq(schema.contacts.accountId, accountId), eq(schema.contacts.platform, "WEBCHAT"), eq(schema.contacts.platformUserId, platformUserId)))
    .get();
  const fields = existing ? (await tagsAndValues(env, accountId, [existing.id])).values.get(existing.id) : undefined;
  const text = renderBroadcastText(b.message.text, { name: existing?.name || user.name, fields: fields as never });
  const buttons = b.message.buttons ?? [];
  const native = hasNativeButtons(ch.platform);
  const media = b.message.media ?? null;
  const [r] = await ingestIncoming(env, [
    {
      accountId,
      channelId: null,
      platform: "WEBCHAT",
      contact: { platformUserId, name: user.name, isTestContact: true },
      thread: { kind: "dm" },
      message: {
        type: media ? media.type : "text",
        direction: "outgoing",
        senderType: "operator",
        senderUserId: user.id,
        content: native ? text : withNumberedButtons(text, buttons),
        payloadUrl: media?.key ?? null,
        fileName: media?.fileName ?? null,
        mimeType: media?.mimeType ?? null,
        metadata: { broadcastId: b.id, broadcastTest: true, ...(native && buttons.length ? { buttons } : {}) },
        dedupeKey: `bc-test:${b.id}:${orderedId()}`,
      },
    },
  ]);
  if (!r || r.duplicate || r.rejected !== undefined) throw new AppError(409, "NOT_STORED", "Тестовое сообщение не сохранено");
  return { contactId: r.message.contactId, messageId: r.message.messageId, content: r.message.content };
}
