import { useTranslation } from "react-i18next";
import { formatNumber } from "@/lib/i18n";
import { cn } from "@/lib/utils";

/**
 * "123 / 500" beside a limited text field's label (a reason the audit log keeps): with the field's
 * maxLength, a pasted text that was cut at the limit shows as "500 / 500" instead of going unnoticed.
 */
export function CharCount({ count, max }: { count: number; max: number }) {
  const { t } = useTranslation("admin");
  return (
    <span className={cn("text-[0.75rem] tabular-nums", count >= max ? "font-medium text-warning" : "text-muted-foreground")} data-testid="char-count" aria-live="polite">
      {t("chars", { length: formatNumber(count), max: formatNumber(max) })}
    </span>
  );
}
