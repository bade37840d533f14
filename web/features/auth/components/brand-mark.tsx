import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Bot } from "lucide-react";
import { cn } from "@/lib/utils";

/** The product's wordmark used on the blank-layout pages. */
export function BrandMark({ inverted = false, className }: { inverted?: boolean; className?: string }) {
  const { t } = useTranslation("auth");
  return (
    <Link to="/" className={cn("relative inline-flex items-center gap-2.5 font-semibold", className)} aria-label={t("shell.home")}>
      <span className={cn("flex size-9 items-center justify-center rounded-lg", inverted ? "bg-white text-primary" : "bg-primary text-primary-foreground")}>
        <Bot className="size-5" aria-hidden />
      </span>
      <span className={cn("text-xl tracking-tight", inverted ? "text-white" : "text-foreground")}>{t("shell.brand")}</span>
    </Link>
  );
}
