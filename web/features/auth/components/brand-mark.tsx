import { Link } from "@/lib/nav";
import { useTranslation } from "react-i18next";
import { BrandMark as ProductMark } from "@/components/shell/brand";
import { cn } from "@/lib/utils";

/** The product's wordmark on the blank-layout pages (the same mark as the shell's). */
export function BrandMark({ inverted = false, className }: { inverted?: boolean; className?: string }) {
  const { t } = useTranslation("auth");
  return (
    <Link to="/" className={cn("relative inline-flex items-center gap-2.5", className)} aria-label={`${t("shell.brand")} — ${t("shell.home")}`}>
      {inverted ? (
        <span className="flex size-10 items-center justify-center rounded-lg bg-white shadow-sm">
          <ProductMark className="size-7" />
        </span>
      ) : (
        <ProductMark />
      )}
      <span className={cn("text-[1.375rem] font-bold tracking-tight", inverted ? "text-white" : "text-heading")}>{t("shell.brand")}</span>
    </Link>
  );
}
