import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { CardLoadError, type CardFailure } from "./card-load-error";

const tones = {
  primary: "bg-primary/15 text-primary",
  success: "bg-success/15 text-success",
  warning: "bg-warning/15 text-warning",
  info: "bg-info/15 text-info",
} as const;

/** One figure of the control panel with its label and a short explanation; when its data failed, that and a retry instead of a figure. */
export function StatCard({
  icon: Icon,
  tone,
  label,
  value,
  hint,
  loading,
  failed,
  testId,
}: {
  icon: LucideIcon;
  tone: keyof typeof tones;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  loading?: boolean;
  /** The data behind the figure did not load: no figure and no hint are shown, only the failure. */
  failed?: CardFailure | null;
  testId?: string;
}) {
  return (
    <Card className="gap-3 px-6 py-5" data-testid={testId} data-failed={failed ? "true" : undefined}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="text-sm text-muted-foreground">{label}</p>
          {failed ? null : loading ? <Skeleton className="h-8 w-16" /> : <p className="text-2xl font-semibold text-heading tabular-nums" data-testid={testId ? `${testId}-value` : undefined}>{value}</p>}
        </div>
        <span className={cn("flex size-10 shrink-0 items-center justify-center rounded-md", tones[tone])}>
          <Icon className="size-5" aria-hidden />
        </span>
      </div>
      {failed ? <CardLoadError failure={failed} brief /> : hint ? <div className="text-sm text-muted-foreground">{loading ? <Skeleton className="h-3 w-32" /> : hint}</div> : null}
    </Card>
  );
}
