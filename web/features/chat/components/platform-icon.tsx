import { Camera, Globe, Phone, Send } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Avatar, AvatarFallback, AvatarImage, AvatarStatusBadge, initials } from "@/components/ui/avatar";
import { cn } from "@/lib/utils";
import type { ContactDto, Platform } from "../api";
import { mediaSrc } from "../utils";

const STYLE: Record<Platform, { icon: typeof Send; className: string }> = {
  TELEGRAM: { icon: Send, className: "bg-[#229ED9] text-white" },
  WHATSAPP: { icon: Phone, className: "bg-[#25D366] text-white" },
  INSTAGRAM: { icon: Camera, className: "bg-gradient-to-tr from-[#F58529] via-[#DD2A7B] to-[#8134AF] text-white" },
  WEBCHAT: { icon: Globe, className: "bg-primary text-primary-foreground" },
};

/** A small round messenger mark (its brand colour with a glyph). */
export function PlatformIcon({ platform, className, title, decorative }: { platform: Platform; className?: string; title?: boolean; decorative?: boolean }) {
  const { t } = useTranslation("chat");
  const s = STYLE[platform] ?? STYLE.WEBCHAT;
  const Icon = s.icon;
  return (
    <span
      data-platform={platform}
      role={decorative ? undefined : "img"}
      aria-label={decorative ? undefined : t(`platform.${platform}`)}
      aria-hidden={decorative || undefined}
      title={title ? t(`platform.${platform}`) : undefined}
      className={cn("inline-flex size-4 shrink-0 items-center justify-center rounded-full", s.className, className)}
    >
      <Icon className="size-[60%]" strokeWidth={2.5} aria-hidden />
    </span>
  );
}

/** The contact's avatar with the §4 status badge and its platform mark at the top end. */
export function ContactAvatar({
  contact,
  className,
  showStatus = true,
  selected = false,
}: {
  contact: Pick<ContactDto, "name" | "avatar" | "platform" | "status">;
  className?: string;
  showStatus?: boolean;
  /** On a selected (violet) row the violet-on-tint initials would vanish: white disc, violet letters. */
  selected?: boolean;
}) {
  const { t } = useTranslation("chat");
  const src = mediaSrc(contact.avatar);
  return (
    <div className={cn("relative size-10 shrink-0", className)}>
      <Avatar className="size-full">
        {src && <AvatarImage src={src} alt="" />}
        <AvatarFallback className={selected ? "bg-white text-primary-darken" : undefined}>{initials(contact.name)}</AvatarFallback>
      </Avatar>
      {showStatus && <AvatarStatusBadge status={contact.status} label={t(`contactStatus.${contact.status ?? "none"}`)} />}
      <PlatformIcon platform={contact.platform} className="absolute -end-1 -top-1 size-3.5 ring-2 ring-card" />
    </div>
  );
}
