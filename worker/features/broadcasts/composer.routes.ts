import { and, asc, eq, inArray } from "drizzle-orm";
import { Hono } from "hono";
import { getDb, schema } from "../../db/client";
import type { Env, AppBindings } from "../../env";
import { badRequest } from "../../lib/errors";
import { can } from "../../middleware/account-scope";
import { isConnected } from "../channels/channel-status";
import { safeFileName, storeMedia } from "../inbox/media";
import { BROADCAST_PLATFORMS } from "./broadcasts.service";
import { type BroadcastMediaType, mediaKindOf, mediaMimeOf, mediaProblem } from "./media-rules";

/**
 * What the broadcast composer needs besides the broadcast itself (#15), mounted at /api/accounts:
 * the connected messengers a broadcast can go through, and the upload of the file it carries.
 * Literal segments (`broadcast-channels`, `broadcast-media`), so `/broadcasts/:broadcastId` never catches them.
 */
export const broadcastComposerRoutes = new Hono<AppBindings>()
  .get("/:accountId/broadcast-channels", can("read", "Broadcast"), async (c) => {
    return c.json({ data: await broadcastChannels(c.env, c.get("member").accountId) }, 200);
  })
  .post("/:accountId/broadcast-media", can("create", "Broadcast"), async (c) => {
    const file = await readFile(c.req.raw);
    return c.json(await storeBroadcastMedia(c.env, c.get("member").accountId, file), 201);
  });

/** The account's connected Telegram, WhatsApp and Instagram channels (never the web chat), oldest first. */
async function broadcastChannels(env: Env, accountId: string) {
  const rows = await getDb(env.DB)
    .select()
    .from(schema.channels)
    .where(and(eq(schema.channels.accountId, accountId), inArray(schema.channels.platform, [...BROADCAST_PLATFORMS])))
    .orderBy(asc(schema.channels.createdAt), asc(schema.channels.id));
  return rows
    .filter((ch) => isConnected(ch))
    .map((ch) => ({ channelId: ch.id, platform: ch.platform as (typeof BROADCAST_PLATFORMS)[number], name: ch.name }));
}

const fileError = (message: string) => badRequest(`Проверьте файл — ${message}`, "VALIDATION_ERROR", { fields: { file: [message] } });

/** The multipart body's `file` (400 on `file` when there is none; product images and imports read it too). */
export async function readFile(req: Request): Promise<File> {
  if (!(req.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) throw fileError("Выберите файл");
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    throw badRequest("Некорректные данные формы", "MALFORMED_REQUEST");
  }
  const file = form.get("file");
  if (!file || typeof file === "string") throw fileError("Выберите файл");
  return file;
}

/** Stores the file under the account's R2 prefix; the answer is the broadcast's `content.media` (plus the size). */
async function storeBroadcastMedia(env: Env, accountId: string, file: File) {
  const problem = mediaProblem(file.name, file.type, file.size);
  if (problem) throw fileError(problem);
  const mimeType = mediaMimeOf(file.name, file.type);
  const type = mediaKindOf(mimeType) as BroadcastMediaType;
  const fileName = safeFileName(file.name || "file");
  const stored = await storeMedia(env, accountId, await file.arrayBuffer(), { fileName, mimeType });
  return { key: stored.key, type, fileName, mimeType, size: file.size };
}
