import type { ReactNode } from "react";

/** The title block at the top of a navbar popover (notifications, shortcuts), with room for a badge. */
export function MenuHeader({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 border-b border-border px-5 py-3.5">
      <div>
        <p className="font-medium text-heading">{title}</p>
        <p className="text-[0.8125rem] text-muted-foreground">{description}</p>
      </div>
      {children}
    </div>
  );
}
