import type { ProductCardSource } from "../../ai/tools";
import { formatMoney } from "./contract";

/** Telegram's caption limit (sendPhoto). */
export const CAPTION_MAX = 1024;

/** A message of the card, in the runner's NewMessage shape (the runner adds sender and delivery). */
export interface CardPart {
  type: "image" | "text";
  content: string;
  payloadUrl?: string;
  fileName?: string;
  mimeType?: string;
  metadata: Record<string, unknown>;
  /** Appended to the reply's dedupe key (the reply itself keeps the plain key). */
  keySuffix: string;
}

const MIME: Record<string, string> = { jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", webp: "image/webp" };

/** The product the reply is about, when the turn's last catalogue call showed exactly one and it has a photo. */
export function cardProduct(shown: ProductCardSource[] | undefined): ProductCardSource | null {
  return shown?.length === 1 && shown[0]!.imageKey ? shown[0]! : null;
}

/** "Свеча ароматическая — 1 290,50 ₽ (было 1 590 ₽)". */
export function priceLine(p: ProductCardSource): string {
  const price = formatMoney(p.price, p.currency, { fraction: false });
  return `${p.name} — ${price}${p.oldPrice !== null ? ` (было ${formatMoney(p.oldPrice, p.currency, { fraction: false })})` : ""}`;
}

/**
 * The assistant's product answer as a card. Telegram: one photo whose caption is the answer (with
 * the price line when the answer does not quote the price) and an inline keyboard with the link
 * («Подробнее»); an answer longer than a caption goes as the photo with the price line, then the
 * text. Other channels (WhatsApp, Instagram, the web and test chats): the photo, then the text with
 * the link under it. The last part is the reply (the thread's preview and the run's answer).
 */
export function productCardParts(p: ProductCardSource, replyText: string, platform: string): CardPart[] {
  const fileName = p.imageKey!.split("/").pop() || "photo.jpg";
  const mimeType = MIME[fileName.split(".").pop()?.toLowerCase() ?? ""] ?? "image/jpeg";
  const card = { productId: p.productId };
  const image = (content: string, buttons?: { label: string; url: string }[]): CardPart => ({
    type: "image",
    content,
    payloadUrl: p.imageKey!,
    fileName,
    mimeType,
    metadata: { productCard: card, ...(buttons ? { buttons } : {}) },
    keySuffix: "",
  });
  const price = formatMoney(p.price, p.currency, { fraction: false });
  const quotesPrice = replyText.replace(/\s/g, "").includes(price.replace(/\s/g, ""));
  if (platform === "TELEGRAM") {
    const buttons = p.link ? [{ label: "Подробнее", url: p.link }] : undefined;
    const caption = quotesPrice ? replyText : `${replyText}\n\n${priceLine(p)}`;
    if (caption.length <= CAPTION_MAX) return [image(caption, buttons)];
    return [{ ...image(priceLine(p), buttons), keySuffix: ":card" }, { type: "text", content: replyText, metadata: { productCard: card }, keySuffix: "" }];
  }
  const text = [quotesPrice ? replyText : `${replyText}\n\n${priceLine(p)}`, p.link && !replyText.includes(p.link) ? p.link : null].filter(Boolean).join("\n");
  return [{ ...image(""), keySuffix: ":card" }, { type: "text", content: text, metadata: { productCard: card }, keySuffix: "" }];
}
