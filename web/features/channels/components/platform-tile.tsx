import { cn } from "@/lib/utils";
import type { ChannelKind } from "../api";

/** The messenger's mark as a large tile in its brand colour, for the channel cards (drawn here: the icon set has no brand logos). The chat's small round badge is chat/components/platform-icon.tsx. */
export function PlatformTile({ kind, className }: { kind: ChannelKind; className?: string }) {
  const box = cn("flex size-11 shrink-0 items-center justify-center rounded-md text-white", className);
  if (kind === "telegram") {
    return (
      <span className={cn(box, "bg-[#229ED9]")} aria-hidden>
        <svg viewBox="0 0 24 24" className="size-6" fill="currentColor">
          <path d="M20.7 4.3 2.9 11.2c-1.2.5-1.2 1.2-.2 1.5l4.6 1.4 1.7 5.4c.2.6.1.9.8.9.5 0 .7-.2 1-.5l2.3-2.2 4.7 3.5c.9.5 1.5.2 1.7-.8l3.1-14.6c.3-1.3-.5-1.9-1.9-1.5Zm-3 3.4-8.6 7.8-.3 3.6-1.5-4.9 9.9-6.3c.5-.3.9-.1.5-.2Z" />
        </svg>
      </span>
    );
  }
  if (kind === "whatsapp") {
    return (
      <span className={cn(box, "bg-[#25D366]")} aria-hidden>
        <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
          <path d="M3.5 20.5 4.8 16A8.5 8.5 0 1 1 8 19.2Z" />
          <path d="M9 8.6c0 3.2 2.6 6.4 6.2 6.6l1-1.3-1.8-.9-.8.8c-1.2-.4-2.2-1.4-2.7-2.6l.8-.8-.8-1.9-1.3 1Z" fill="currentColor" stroke="none" />
        </svg>
      </span>
    );
  }
  return (
    <span className={cn(box, "bg-[linear-gradient(45deg,#F9CE34_0%,#EE2A7B_50%,#6228D7_100%)]")} aria-hidden>
      <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth={1.9}>
        <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.2" cy="6.8" r="1" fill="currentColor" stroke="none" />
      </svg>
    </span>
  );
}
