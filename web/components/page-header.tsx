import { cn } from "@/lib/utils";

export interface PageHeaderProps extends Omit<React.ComponentProps<"div">, "title"> {
  title: React.ReactNode;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  /** A badge after the title, on its line while there is room (e.g. the demo-model badge). */
  badge?: React.ReactNode;
}

export function PageHeader({ title, description, actions, badge, className, ...props }: PageHeaderProps) {
  return (
    <div className={cn("mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between", className)} {...props}>
      <div className="min-w-0 space-y-1">
        <h1 className="text-2xl leading-tight font-semibold text-heading">
          {badge ? (
            <span className="inline-flex flex-wrap items-center gap-3">
              {title}
              {badge}
            </span>
          ) : (
            title
          )}
        </h1>
        {description && <p className="text-[0.9375rem] text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap items-center gap-3">{actions}</div>}
    </div>
  );
}
