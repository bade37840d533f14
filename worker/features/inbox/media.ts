import type { Env } from "../../env";
import { newId } from "../../lib/ids";
import { mediaUrl } from "./serialize";

export interface StoredMedia {
  /** R2 key `accounts/<accountId>/<yyyy-mm>/<id>/<fileName>`: store it in messages.payloadUrl. */
  key: string;
  /** The members-only URL (`/api/accounts/<accountId>/media/…`) the API hands out for it. */
  url: string;
  size: number;
}

/**
 * Stores a media file (image, video, audio, document) in the account's R2 prefix.
 * Channels call it for downloaded attachments, the operator reply route for uploads.
 */
export async function storeMedia(
  env: Env,
  accountId: string,
  body: ArrayBuffer | ArrayBufferView | ReadableStream | Blob | string,
  meta: { fileName?: string | null; mimeType?: string | null },
): Promise<StoredMedia> {
  const fileName = safeFileName(meta.fileName || "file");
  const month = new Date().toISOString().slice(0, 7);
  const key = `accounts/${accountId}/${month}/${newId()}/${fileName}`;
  const obj = await env.MEDIA.put(key, body as ArrayBuffer, {
    httpMetadata: { contentType: meta.mimeType || "application/octet-stream", contentDisposition: `inline; filename*=UTF-8''${encodeURIComponent(fileName)}` },
    customMetadata: { fileName },
  });
  return { key, url: mediaUrl(accountId, key)!, size: obj?.size ?? 0 };
}

/** Deletes every R2 object of the given keys that belongs to the account (foreign keys are ignored). */
export async function deleteMedia(env: Env, accountId: string, keys: (string | null)[]): Promise<number> {
  const own = [...new Set(keys.filter((k): k is string => !!k && k.startsWith(`accounts/${accountId}/`)))];
  for (let i = 0; i < own.length; i += 1000) await env.MEDIA.delete(own.slice(i, i + 1000));
  return own.length;
}

export function safeFileName(name: string): string {
  const cleaned = name
    .replace(/[\\/\u0000-\u001f]+/g, "_")
    .replace(/^\.+/, "")
    .trim()
    .slice(-150);
  return cleaned || "file";
}

/** Message type of an attachment by its MIME type. */
export function messageTypeOf(mimeType: string | null | undefined): "image" | "video" | "audio" | "document" {
  const m = (mimeType ?? "").toLowerCase();
  if (m.startsWith("image/")) return "image";
  if (m.startsWith("video/")) return "video";
  if (m.startsWith("audio/")) return "audio";
  return "document";
}
