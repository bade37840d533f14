import type { Env } from "../../env";
import { newId } from "../../lib/ids";
import { readFile } from "../broadcasts/composer.routes";
import { mediaMimeOf } from "../broadcasts/media-rules";
import { badRequest } from "../../lib/errors";
import { safeFileName } from "../inbox/media";
import { mediaUrl } from "../inbox/serialize";
import { PRODUCT_IMAGE_TYPES, PRODUCT_LIMITS } from "./contract";

const fileError = (message: string) => badRequest(`Проверьте файл — ${message}`, "VALIDATION_ERROR", { fields: { file: [message] } });

/** The R2 prefix of an account's product images (served to members by the media route, like inbox and broadcast media). */
export const productImagePrefix = (accountId: string) => `accounts/${accountId}/products/`;

/**
 * A product image upload (multipart `file`: JPEG, PNG or WebP up to 5 MB, the photo limit of
 * Telegram's sendPhoto) stored under `accounts/{id}/products/{id}/{name}` → `{key, url}`; the
 * product's `images` lists such keys.
 */
export async function storeProductImage(env: Env, accountId: string, req: Request) {
  const file = await readFile(req);
  const mimeType = mediaMimeOf(file.name, file.type);
  if (!(PRODUCT_IMAGE_TYPES as readonly string[]).includes(mimeType)) throw fileError("Загрузите изображение JPEG, PNG или WebP");
  if (file.size === 0) throw fileError("Файл пустой");
  if (file.size > PRODUCT_LIMITS.imageBytes) throw fileError("Изображение больше 5 МБ");
  const fileName = safeFileName(file.name || "image");
  const key = `${productImagePrefix(accountId)}${newId()}/${fileName}`;
  await env.MEDIA.put(key, await file.arrayBuffer(), {
    httpMetadata: { contentType: mimeType, contentDisposition: `inline; filename*=UTF-8''${encodeURIComponent(fileName)}` },
    customMetadata: { fileName },
  });
  return { key, url: mediaUrl(accountId, key)!, fileName, mimeType, size: file.size };
}
