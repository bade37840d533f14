import { cn } from "@/lib/utils";

/**
 * The steps of an import dialog (file → columns → run), numbered, the current one marked: shared
 * by the contacts' and the products' imports. `steps` are the labels, already translated.
 */
export function ImportStepper({ steps, current, label }: { steps: readonly string[]; current: number; label: string }) {
  return (
    <ol className="flex flex-wrap items-center gap-2 text-sm" aria-label={label}>
      {steps.map((s, i) => (
        <li key={s} className="flex items-center gap-2" aria-current={i === current ? "step" : undefined}>
          {i > 0 && <span className="h-px w-6 bg-border" aria-hidden />}
          <span className={cn("flex size-6 items-center justify-center rounded-full text-xs font-semibold", i <= current ? "bg-primary text-primary-foreground" : "bg-muted text-muted-foreground")}>{i + 1}</span>
          <span className={i === current ? "font-medium text-heading" : "text-muted-foreground"}>{s}</span>
        </li>
      ))}
    </ol>
  );
}
