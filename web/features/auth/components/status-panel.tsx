import type { ComponentType, ReactNode } from "react";
import { cn } from "@/lib/utils";

const tones = {
  success: "bg-success/15 text-success",
  error: "bg-destructive/15 text-destructive",
  info: "bg-primary/15 text-primary",
  warning: "bg-warning/15 text-warning",
} as const;

/** A centred outcome block (sent, verified, expired link…) with a tinted icon. */
export function StatusPanel({
  tone,
  icon: Icon,
  title,
  description,
  children,
}: {
  tone: keyof typeof tones;
  icon: ComponentType<{ className?: string }>;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="rounded-md bg-card p-6 text-center shadow-card bordered:border bordered:border-border" data-testid={`status-${tone}`}>
      <div className={cn("mx-auto mb-4 flex size-14 items-center justify-center rounded-full", tones[tone])}>
        <Icon className="size-7" aria-hidden />
      </div>
      <h2 className="text-lg font-semibold text-heading">{title}</h2>
      {description ? <p className="mt-1.5 text-muted-foreground">{description}</p> : null}
      {children ? <div className="mt-5 space-y-3">{children}</div> : null}
    </div>
  );
}
