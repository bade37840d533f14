import { ArrowUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import { useScrolledPast } from "./use-scrolled-past";

export const SCROLL_TOP_THRESHOLD = 200;

/** Appears after 200 px of scrolling (SPEC §2.4, §9). */
export function ScrollToTop() {
  const { t } = useTranslation("common");
  const visible = useScrolledPast(SCROLL_TOP_THRESHOLD);
  return (
    <button
      type="button"
      aria-label={t("actions.scrollTop")}
      data-testid="scroll-top"
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
      className={cn(
        "fixed end-6 bottom-6 z-30 flex size-10 cursor-pointer items-center justify-center rounded-md bg-primary text-white shadow-[0_2px_6px_0_color-mix(in_srgb,var(--color-primary)_40%,transparent)] transition-all hover:bg-primary-darken focus-visible:ring-3 focus-visible:ring-primary/30",
        visible ? "translate-y-0 opacity-100" : "pointer-events-none translate-y-4 opacity-0",
      )}
      tabIndex={visible ? 0 : -1}
    >
      <ArrowUp className="size-5" />
    </button>
  );
}
