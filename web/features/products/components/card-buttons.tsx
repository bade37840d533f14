import { ExternalLink } from "lucide-react";
import { cn } from "@/lib/utils";

/** The link buttons a message carries (`metadata.buttons`: a product card's «Подробнее»), as the customer sees them. */
export function CardButtons({ metadata, tone = "in", className }: { metadata: unknown; tone?: "in" | "out"; className?: string }) {
  const raw = metadata && typeof metadata === "object" ? (metadata as { buttons?: unknown }).buttons : undefined;
  const buttons = Array.isArray(raw) ? raw.filter((b): b is { label: string; url: string } => !!b && typeof b.label === "string" && typeof b.url === "string" && /^https?:\/\//i.test(b.url)) : [];
  if (!buttons.length) return null;
  return (
    <div className={cn("mt-1.5 grid gap-1", className)} data-testid="card-buttons">
      {buttons.map((b, i) => (
        <a
          key={i}
          href={b.url}
          target="_blank"
          rel="noopener noreferrer"
          className={cn(
            "inline-flex items-center justify-center gap-1.5 rounded-md border px-3 py-1 text-[0.8125rem] font-medium transition-colors",
            tone === "out" ? "border-primary-foreground/40 text-primary-foreground hover:bg-primary-foreground/10" : "border-primary/40 text-primary hover:bg-primary/10",
          )}
        >
          {b.label}
          <ExternalLink className="size-3.5" aria-hidden />
        </a>
      ))}
    </div>
  );
}
