import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Check, SkipForward } from "lucide-react";
import { Button } from "@/components/ui/button";
import { BrandMark } from "@/components/shell/brand";
import { cn } from "@/lib/utils";
import { WIZARD_PAGE_ORDER, type WizardPage } from "../api";

/**
 * The wizard's frame (blank layout): the brand and a way out on top, the steps on the side (a
 * reached step can be opened again), the current step's card.
 */
export function WizardFrame({ accountId, accountName, current, reached, skipped, onOpen, children }: { accountId: string; accountName: string; current: WizardPage; reached: WizardPage; skipped: string[]; onOpen: (page: WizardPage) => void; children: ReactNode }) {
  const { t } = useTranslation("wizard");
  const currentIndex = WIZARD_PAGE_ORDER.indexOf(current);
  const reachedIndex = WIZARD_PAGE_ORDER.indexOf(reached);
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-6xl flex-col px-4 py-6 sm:px-8">
      <header className="flex items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3">
          <BrandMark className="size-9 shrink-0" />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-heading">{t("title")}</p>
            <p className="truncate text-xs text-muted-foreground">{accountName}</p>
          </div>
        </div>
        <Button asChild variant="ghost" size="sm">
          <Link to={`/${accountId}/dashboard`} data-testid="wizard-exit">
            {t("exit")}
          </Link>
        </Button>
      </header>
      <div className="mt-8 grid flex-1 content-start gap-8 lg:grid-cols-[240px_1fr]">
        <nav aria-label={t("stepsLabel")}>
          <p className="mb-3 text-xs font-medium text-muted-foreground" aria-live="polite">
            {t("progress", { step: currentIndex + 1, total: WIZARD_PAGE_ORDER.length })}
          </p>
          <ol className="flex gap-2 overflow-x-auto lg:flex-col lg:gap-1">
            {WIZARD_PAGE_ORDER.map((page, i) => {
              const done = i < reachedIndex && page !== current;
              // The checklist's "channel" step is the wizard's channel page: skipped shows as such.
              const skip = done && skipped.includes(page);
              const open = i <= reachedIndex;
              return (
                <li key={page} className="shrink-0">
                  <button
                    type="button"
                    disabled={!open}
                    onClick={() => onOpen(page)}
                    aria-current={page === current ? "step" : undefined}
                    data-testid={`wizard-step-${page}`}
                    className={cn(
                      "flex w-full items-center gap-3 rounded-md px-3 py-2 text-start text-sm transition-colors",
                      page === current ? "bg-primary/10 font-medium text-primary" : open ? "text-foreground hover:bg-muted" : "text-muted-foreground",
                    )}
                  >
                    <span
                      className={cn("flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold", skip ? "bg-secondary/15 text-secondary" : done ? "bg-success/15 text-success" : page === current ? "bg-primary text-primary-foreground" : "bg-muted")}
                      aria-hidden
                    >
                      {skip ? <SkipForward className="size-4" /> : done ? <Check className="size-4" /> : i + 1}
                    </span>
                    <span className="max-lg:sr-only">{t(`steps.${page}`)}</span>
                  </button>
                </li>
              );
            })}
          </ol>
        </nav>
        <main className="min-w-0">{children}</main>
      </div>
    </div>
  );
}
