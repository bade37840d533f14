import { BotOff, Clock4, Loader2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import type { ContactDto } from "../api";
import { instagramWindowClosed } from "../utils";

/** Thin banners under the header (UI.md): AI off, the Instagram 24-hour window closed, the assistant waiting. */
export function ChatBanners({ contact }: { contact: ContactDto }) {
  const { t } = useTranslation("chat");
  const th = contact.thread;
  if (!th) return null;
  const items: { key: string; icon: typeof BotOff; text: string; tone: string; spin?: boolean }[] = [];
  if (!contact.isTestContact && !th.isGptActive) items.push({ key: "aiOff", icon: BotOff, text: t("banner.aiOff"), tone: "bg-secondary/12 text-foreground" });
  if (instagramWindowClosed(contact.platform, th.lastIncomingAt)) items.push({ key: "instagramWindow", icon: Clock4, text: t("banner.instagramWindow"), tone: "bg-warning/14 text-warning" });
  if (th.gptStatus === "WAITING_RESPONSE" && th.isGptActive) items.push({ key: "waiting", icon: Loader2, text: t("banner.waiting"), tone: "bg-primary/10 text-primary", spin: true });
  if (items.length === 0) return null;
  return (
    <div className="shrink-0">
      {items.map(({ key, icon: Icon, text, tone, spin }) => (
        <div key={key} role="status" data-testid={`banner-${key}`} className={cn("flex items-center gap-2 border-b border-border px-4 py-1.5 text-[0.8125rem]", tone)}>
          <Icon className={cn("size-4 shrink-0", spin && "animate-spin")} aria-hidden />
          <span className="min-w-0">{text}</span>
        </div>
      ))}
    </div>
  );
}
