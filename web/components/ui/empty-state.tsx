import { SearchX, type LucideIcon } from "lucide-react";
import { cn } from "@/lib/utils";
import { Button } from "./button";

export interface EmptyStateProps extends Omit<React.ComponentProps<"div">, "title"> {
  icon?: LucideIcon;
  title: React.ReactNode;
  description?: React.ReactNode;
  action?: React.ReactNode;
}

/** An empty list or a failed view: an icon, a sentence and the next action (UI.md quality bar). */
export function EmptyState({ icon: Icon, title, description, action, className, ...props }: EmptyStateProps) {
  return (
    <div data-slot="empty-state" className={cn("flex flex-col items-center justify-center gap-3 px-6 py-12 text-center", className)} {...props}>
      {Icon && (
        <div className="mb-1 flex size-14 items-center justify-center rounded-full bg-primary/12 text-primary">
          <Icon className="size-7" aria-hidden />
        </div>
      )}
      <h3 className="text-lg font-semibold text-heading">{title}</h3>
      {description && <p className="max-w-md text-[0.9375rem] text-muted-foreground">{description}</p>}
      {action && <div className="mt-2 flex flex-wrap items-center justify-center gap-3">{action}</div>}
    </div>
  );
}

/** Nothing matches the search or the filters: the magnifier, a sentence and a button that clears them. */
export function NoMatchesState({
  title,
  description,
  resetLabel,
  onReset,
  size,
  ...props
}: Omit<EmptyStateProps, "icon" | "action"> & { resetLabel: string; onReset: () => void; size?: "sm" }) {
  return (
    <EmptyState
      icon={SearchX}
      title={title}
      description={description}
      action={
        <Button variant="outline" size={size} onClick={onReset}>
          {resetLabel}
        </Button>
      }
      {...props}
    />
  );
}
