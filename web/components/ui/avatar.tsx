import { Avatar as AvatarPrimitive } from "radix-ui";
import { slotted } from "./slotted";
import { cn } from "@/lib/utils";

export const Avatar = slotted(AvatarPrimitive.Root, "avatar", "relative flex size-9.5 shrink-0 overflow-hidden rounded-full");

export const AvatarImage = slotted(AvatarPrimitive.Image, "avatar-image", "aspect-square size-full object-cover");

export const AvatarFallback = slotted(
  AvatarPrimitive.Fallback,
  "avatar-fallback",
  "flex size-full items-center justify-center rounded-full bg-primary/15 text-[0.875rem] font-medium text-primary uppercase",
);

export type AvatarStatus = "online" | "busy" | "away" | string | null | undefined;

/** Badge colour of §4: online success, busy error, away warning, otherwise secondary. */
export function statusColor(status: AvatarStatus): "success" | "destructive" | "warning" | "secondary" {
  if (status === "online") return "success";
  if (status === "busy") return "destructive";
  if (status === "away") return "warning";
  return "secondary";
}

const dotClass = { success: "bg-success", destructive: "bg-destructive", warning: "bg-warning", secondary: "bg-secondary" } as const;

/** The small status dot at the bottom end of an avatar. */
export function AvatarStatusBadge({ status, className, label }: { status: AvatarStatus; className?: string; label?: string }) {
  return (
    <span
      data-slot="avatar-status"
      data-status={status ?? "none"}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn("absolute end-0 bottom-0 size-2.5 rounded-full ring-2 ring-card", dotClass[statusColor(status)], className)}
    />
  );
}

const FIRST_LETTER = /[\p{L}\p{N}]/u;

/**
 * Initials of a name for every avatar of the app (the one helper): the first letter or digit of the
 * first two words, so quotes and punctuation never become an initial («Кофейня «Зерно»» → КЗ).
 */
export function initials(name: string | null | undefined): string {
  const letters: string[] = [];
  for (const word of (name ?? "").split(/[\s«»„“”"‹›]+/u)) {
    const ch = word.match(FIRST_LETTER)?.[0];
    if (ch) letters.push(ch);
    if (letters.length === 2) break;
  }
  return letters.join("").toLocaleUpperCase() || "?";
}
