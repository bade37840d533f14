import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/**
 * A tag: a dot in its colour on a light tint of it, the name in the text colour (a palette colour as
 * text would miss the contrast the quality bar asks for, in both themes).
 */
export function TagBadge({ name, color, className, children }: { name: string; color: string; className?: string; children?: ReactNode }) {
  return (
    <span
      data-slot="tag-badge"
      className={cn("inline-flex max-w-56 items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-[0.8125rem] leading-5 font-medium text-foreground", className)}
      style={{ backgroundColor: `${color}1F`, borderColor: `${color}66` }}
    >
      <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: color }} aria-hidden />
      <span className="truncate">{name}</span>
      {children}
    </span>
  );
}
