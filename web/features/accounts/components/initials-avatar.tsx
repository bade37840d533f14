import { initials } from "@/components/ui/avatar";
import { cn } from "@/lib/utils";

const palette = ["bg-primary/15 text-primary", "bg-success/15 text-success", "bg-warning/15 text-warning", "bg-info/15 text-info", "bg-destructive/15 text-destructive"];

/** A round avatar with the initials, its tint stable per name. */
export function InitialsAvatar({ name, className }: { name: string; className?: string }) {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return (
    <span aria-hidden className={cn("flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold", palette[h % palette.length], className)}>
      {initials(name)}
    </span>
  );
}
