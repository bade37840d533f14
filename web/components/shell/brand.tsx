import { useId } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

/** The product mark: a violet speech bubble with a spark, drawn inline (no image request). */
export function BrandMark({ className }: { className?: string }) {
  // One gradient id per mark: with a shared id, a mark inside a hidden panel (display: none) takes
  // the gradient of every other mark with it and they paint nothing.
  const gradient = useId();
  return (
    <svg viewBox="0 0 32 32" className={cn("size-8 shrink-0", className)} aria-hidden>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8F85F3" />
          <stop offset="1" stopColor="#675DD8" />
        </linearGradient>
      </defs>
      <path d="M6 4h20a4 4 0 0 1 4 4v13a4 4 0 0 1-4 4H14l-6.2 4.6A1 1 0 0 1 6.2 28.8V25H6a4 4 0 0 1-4-4V8a4 4 0 0 1 4-4Z" fill={`url(#${gradient})`} />
      <path d="M16 8.5l1.6 3.9 3.9 1.6-3.9 1.6L16 19.5l-1.6-3.9-3.9-1.6 3.9-1.6Z" fill="#fff" />
    </svg>
  );
}

export function Brand({ collapsed, className }: { collapsed?: boolean; className?: string }) {
  const { t } = useTranslation("common");
  return (
    <span className={cn("flex items-center gap-2.5", className)}>
      <BrandMark />
      <span className={cn("text-[1.375rem] font-bold tracking-tight text-heading transition-opacity", collapsed && "opacity-0")}>{t("app.name")}</span>
    </span>
  );
}
