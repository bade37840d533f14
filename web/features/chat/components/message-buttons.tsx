import { ExternalLink, Link2, MousePointerClick } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import { buttonLines } from "@worker/features/flows/button-lines";
import type { MessageDto } from "../api";

/** A button a message carries (`metadata.buttons`): a link (`url`) or a reply button (`data` comes back when pressed). */
export interface SentButton {
  label: string;
  url?: string;
  data?: string;
}

export function messageButtons(metadata: MessageDto["metadata"] | undefined): SentButton[] {
  const raw = metadata && typeof metadata === "object" ? (metadata as { buttons?: unknown }).buttons : undefined;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((b): SentButton[] => {
    if (!b || typeof b !== "object" || typeof (b as SentButton).label !== "string" || !(b as SentButton).label.trim()) return [];
    const { label, url, data } = b as SentButton;
    return [{ label, ...(typeof url === "string" && url ? { url } : {}), ...(typeof data === "string" ? { data } : {}) }];
  });
}

/** Whether the text already lists its buttons, as a flow writes them where the messenger has none (the runtime's own `buttonLines`). */
export function listedInText(content: string, buttons: SentButton[]): boolean {
  const lines = buttonLines(buttons);
  return lines.length > 0 && content.trimEnd().endsWith(lines.join("\n"));
}

const HTTP = /^https?:\/\//i;
/** A broadcast's tracked link (worker/features/broadcasts/clicks.ts): opening it would count as the customer's click. */
const TRACKED = /\/api\/b\/[^/?#]+$/;

/**
 * The buttons under a message (a flow's menu, a broadcast's buttons, a product card's link) as the
 * customer sees them: links open in a new tab; reply buttons are labels (the customer presses them
 * in the messenger, the press comes back as their message). A broadcast's tracked link is shown, not
 * opened: the operator's click would count as the customer's.
 */
export function MessageButtons({ m, tone }: { m: MessageDto; tone: "in" | "out" }) {
  const { t } = useTranslation("chat");
  const buttons = messageButtons(m.metadata);
  if (!buttons.length || listedInText(m.content ?? "", buttons)) return null;
  const chip = cn(
    "inline-flex max-w-full min-w-0 items-center gap-1.5 rounded-md border px-2.5 py-1 text-[0.8125rem] leading-snug font-medium",
    tone === "out" ? "border-primary-foreground/40 text-primary-foreground" : "border-primary/40 text-primary",
  );
  return (
    <ul className="mt-1.5 flex min-w-0 flex-wrap gap-1" aria-label={t("buttons.label")} data-testid="message-buttons">
      {buttons.map((b, i) => {
        const link = !!b.url && HTTP.test(b.url);
        const tracked = link && !!m.metadata?.broadcastId && TRACKED.test(b.url!);
        return (
          <li key={i} className="flex max-w-full min-w-0" data-testid="message-button" data-kind={link ? (tracked ? "tracked" : "link") : "reply"}>
            {link && !tracked ? (
              <a
                href={b.url}
                target="_blank"
                rel="noopener noreferrer"
                title={b.url}
                className={cn(chip, "transition-colors outline-none focus-visible:ring-3 focus-visible:ring-primary/30", tone === "out" ? "hover:bg-primary-foreground/10" : "hover:bg-primary/10")}
              >
                <bdi className="min-w-0 break-words [overflow-wrap:anywhere]">{b.label}</bdi>
                <ExternalLink className="size-3.5 shrink-0" aria-hidden />
              </a>
            ) : (
              <span className={cn(chip, "border-dashed")} title={tracked ? t("buttons.tracked") : b.url ? b.url : t("buttons.reply")}>
                {tracked || b.url ? <Link2 className="size-3.5 shrink-0" aria-hidden /> : <MousePointerClick className="size-3.5 shrink-0" aria-hidden />}
                <bdi className="min-w-0 break-words [overflow-wrap:anywhere]">{b.label}</bdi>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
