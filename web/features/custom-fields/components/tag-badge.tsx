import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** A tag in its colour: a light tint with the colour as text, like the tonal badges. */
export function TagBadge({ name, color, className, children }: { name: string; color: string; className?: string; children?: ReactNode }) {
  return (
    <span
      data-slot="tag-badge"
      className={cn("inline-flex max-w-56 items-center gap-1 rounded-full px-2.5 py-0.5 text-[0.8125rem] leading-5 font-medium", className)}
      style={{ backgroundColor: `${color}26`, color }}
    >
      <span className="truncate">{name}</span>
      {children}
    </span>
  );
}
