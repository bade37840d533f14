import { useTranslation } from "react-i18next";
import { LOADING_BAR, useLoadingBar } from "@/lib/loading-bar";

/** The thin top loading bar (SPEC §2.6, §4): height 2, z-index 9999, progress and buffer. */
export function LoadingBar() {
  const { visible, progress, buffer } = useLoadingBar();
  const { t } = useTranslation("common");
  if (!visible) return null;
  return (
    <div
      role="progressbar"
      aria-label={t("loadingBar.label")}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={progress}
      data-testid="loading-bar"
      className="pointer-events-none fixed inset-x-0 top-0"
      style={{ height: LOADING_BAR.height, zIndex: LOADING_BAR.zIndex }}
    >
      <div className="absolute inset-y-0 start-0 bg-primary/25 transition-[width] duration-300 ease-out" style={{ width: `${buffer}%` }} />
      <div className="absolute inset-y-0 start-0 bg-primary shadow-[0_0_8px_var(--color-primary)] transition-[width] duration-300 ease-out" style={{ width: `${progress}%` }} />
    </div>
  );
}
