// @shared-with-spa: which files a broadcast may carry and how large, used by the upload route and by the composer's picker; no bindings, no server imports.

export type BroadcastMediaType = "image" | "video" | "document";

const MB = 1024 * 1024;

/**
 * Size limits per kind, the smallest of what the messengers take for a file sent by link
 * (Telegram: 5 MB photos and 20 MB other files; WhatsApp: 5 MB images, 16 MB videos), all within
 * the API's 25 MB upload body.
 */
export const BROADCAST_MEDIA_MAX_BYTES: Record<BroadcastMediaType, number> = {
  image: 5 * MB,
  video: 16 * MB,
  document: 20 * MB,
};

/** Accepted MIME types per kind (the composer's `accept` and the server's check). */
export const BROADCAST_MEDIA_TYPES: Record<BroadcastMediaType, readonly string[]> = {
  image: ["image/jpeg", "image/png", "image/webp", "image/gif"],
  video: ["video/mp4"],
  document: [
    "application/pdf",
    "application/msword",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "application/vnd.ms-excel",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "application/vnd.ms-powerpoint",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    "application/zip",
    "text/plain",
    "text/csv",
  ],
};

/** MIME types by extension, for browsers that send an empty or generic type. */
const BY_EXTENSION: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  mp4: "video/mp4",
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  zip: "application/zip",
  txt: "text/plain",
  csv: "text/csv",
};

/** The `accept` attribute of the composer's file input. */
export const BROADCAST_MEDIA_ACCEPT = [...Object.values(BROADCAST_MEDIA_TYPES).flat(), ...Object.keys(BY_EXTENSION).map((e) => `.${e}`)].join(",");

/** The file's MIME type: the declared one, or the extension's when the browser sent none or a generic one. */
export function mediaMimeOf(fileName: string, declared: string | null | undefined): string {
  const type = (declared ?? "").split(";")[0]!.trim().toLowerCase();
  if (type && type !== "application/octet-stream") return type;
  const ext = fileName.toLowerCase().split(".").pop() ?? "";
  return BY_EXTENSION[ext] ?? type;
}

/** The kind of a MIME type a broadcast accepts, or null when it does not take it. */
export function mediaKindOf(mimeType: string): BroadcastMediaType | null {
  for (const kind of Object.keys(BROADCAST_MEDIA_TYPES) as BroadcastMediaType[]) {
    if (BROADCAST_MEDIA_TYPES[kind].includes(mimeType)) return kind;
  }
  return null;
}

/** Why a broadcast cannot carry this file, in Russian; null when it can. */
export function mediaProblem(fileName: string, declared: string | null | undefined, size: number): string | null {
  const kind = mediaKindOf(mediaMimeOf(fileName, declared));
  if (!kind) return "Этот тип файла нельзя отправить в рассылке: выберите изображение (JPEG, PNG, WebP, GIF), видео MP4 или документ (PDF, Word, Excel, PowerPoint, ZIP, TXT, CSV)";
  if (size <= 0) return "Файл пустой";
  const max = BROADCAST_MEDIA_MAX_BYTES[kind];
  if (size > max) return `${KIND_LABEL[kind]} больше ${max / MB} МБ: выберите файл поменьше`;
  return null;
}

const KIND_LABEL: Record<BroadcastMediaType, string> = { image: "Изображение", video: "Видео", document: "Документ" };
