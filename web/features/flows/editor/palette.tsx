import { useTranslation } from "react-i18next";
import type { StepType } from "@worker/features/flows/contract";
import { PALETTE_TYPES, STEP_LOOK } from "../steps";

export const DRAG_MIME = "application/x-assistly-step";

/**
 * The step types to add: drag one onto the canvas (it lands where it is dropped) or click it (it
 * lands in the middle of the view). A column on the left; a row along the top on a phone.
 */
export function Palette({ onAdd }: { onAdd: (type: StepType) => void }) {
  const { t } = useTranslation("flows");
  return (
    <nav aria-label={t("editor.palette")} className="shrink-0 overflow-auto border-b bg-card md:w-44 md:border-e md:border-b-0" data-testid="flow-palette">
      <p className="hidden px-3 pt-3 pb-1 text-xs font-medium tracking-wide text-muted-foreground uppercase md:block">{t("editor.palette")}</p>
      <ul className="flex gap-1 p-2 md:flex-col">
        {PALETTE_TYPES.map((type) => {
          const { icon: Icon, color } = STEP_LOOK[type];
          return (
            <li key={type}>
              <button
                type="button"
                draggable
                onDragStart={(e) => {
                  e.dataTransfer.setData(DRAG_MIME, type);
                  e.dataTransfer.effectAllowed = "move";
                }}
                onClick={() => onAdd(type)}
                className="flex w-full cursor-grab items-center gap-2 rounded-md px-2 py-1.5 text-start text-[0.8125rem] font-medium whitespace-nowrap hover:bg-muted focus-visible:ring-3 focus-visible:ring-primary/30 focus-visible:outline-none active:cursor-grabbing dark:hover:bg-white/6"
                title={t(`stepHints.${type}`)}
                data-testid={`palette-${type}`}
              >
                <span className="flex size-6 shrink-0 items-center justify-center rounded text-white" style={{ backgroundColor: color }} aria-hidden>
                  <Icon className="size-3.5" />
                </span>
                {t(`stepTypes.${type}`)}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
