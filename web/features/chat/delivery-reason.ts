import type { TFunction } from "i18next";

/** Failure codes the sender writes into a message's `metadata.deliveryErrorCode` (worker/features/channels/outbound.consumer.ts and friends). */
const KNOWN = new Set([
  "CHANNEL_DISCONNECTED",
  "CHANNEL_DISABLED",
  "INSTAGRAM_WINDOW_CLOSED",
  "SEND_REJECTED",
  "RECIPIENT_GONE",
  "SEND_FAILED",
  "SEND_UNCERTAIN",
  "POSSIBLY_DELIVERED",
  "SEND_INTERRUPTED",
  "DELIVERY_FAILED",
]);

/**
 * Why a send failed, in the operator's language: the code's sentence (chat `message.deliveryReasons`),
 * and the messenger's raw answer (`deliveryErrorDetail`) for the tooltip. A row stored before codes
 * were translated (or with a code this app does not know) shows its stored text (`deliveryError`,
 * written in Russian) as it is.
 */
export function deliveryReason(metadata: Record<string, unknown> | null | undefined, t: TFunction): { text: string; detail: string } {
  const md = metadata ?? {};
  const code = typeof md.deliveryErrorCode === "string" ? md.deliveryErrorCode : "";
  const stored = typeof md.deliveryError === "string" ? md.deliveryError : "";
  // A row written before the raw answer was kept apart: its stored sentence serves as the detail.
  const detail = typeof md.deliveryErrorDetail === "string" ? md.deliveryErrorDetail : "deliveryErrorDetail" in md ? "" : stored;
  if (!KNOWN.has(code)) return { text: stored, detail: detail === stored ? "" : detail };
  if (code === "SEND_FAILED") {
    const attempts = typeof md.deliveryErrorAttempts === "number" ? md.deliveryErrorAttempts : null;
    return {
      text: attempts === null ? t("chat:message.deliveryReasons.SEND_FAILED_unknown") : t("chat:message.deliveryReasons.SEND_FAILED", { count: attempts }),
      detail,
    };
  }
  return { text: t(`chat:message.deliveryReasons.${code}`), detail };
}
