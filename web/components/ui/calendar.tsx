import { addDays, addMonths, endOfMonth, endOfWeek, isAfter, isBefore, isSameDay, isSameMonth, startOfDay, startOfMonth, startOfWeek } from "date-fns";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button";
import { cn } from "@/lib/utils";

export interface CalendarProps {
  value?: Date | null;
  onSelect?: (date: Date) => void;
  min?: Date;
  max?: Date;
  className?: string;
}

/** A month grid, Monday first (Sunday first in English), keyboard reachable day buttons. */
export function Calendar({ value, onSelect, min, max, className }: CalendarProps) {
  const { t, i18n } = useTranslation("common");
  const [month, setMonth] = useState(() => startOfMonth(value ?? new Date()));
  const locale = i18n.resolvedLanguage === "en" ? "en-GB" : (i18n.resolvedLanguage ?? "ru");
  const weekStartsOn = i18n.resolvedLanguage === "en" ? 0 : 1;
  const days = useMemo(() => {
    const start = startOfWeek(startOfMonth(month), { weekStartsOn });
    const end = endOfWeek(endOfMonth(month), { weekStartsOn });
    const out: Date[] = [];
    for (let d = start; !isAfter(d, end); d = addDays(d, 1)) out.push(d);
    return out;
  }, [month, weekStartsOn]);
  const weekdayFmt = new Intl.DateTimeFormat(locale, { weekday: "short" });
  const title = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric" }).format(month);
  const today = startOfDay(new Date());
  const disabled = (d: Date) => (min && isBefore(d, startOfDay(min))) || (max && isAfter(d, startOfDay(max)));

  return (
    <div className={cn("w-[17.5rem] select-none", className)} data-slot="calendar">
      <div className="mb-2 flex items-center justify-between">
        <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={t("datePicker.previousMonth")} onClick={() => setMonth((m) => addMonths(m, -1))}>
          <ChevronLeft className="rtl:rotate-180" />
        </Button>
        <div className="text-[0.9375rem] font-medium capitalize text-heading" aria-live="polite">
          {title}
        </div>
        <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={t("datePicker.nextMonth")} onClick={() => setMonth((m) => addMonths(m, 1))}>
          <ChevronRight className="rtl:rotate-180" />
        </Button>
      </div>
      <div className="grid grid-cols-7 gap-0.5 text-center" role="grid">
        {days.slice(0, 7).map((d) => (
          <div key={`h${d.getDay()}`} className="py-1 text-xs font-medium text-muted-foreground capitalize" role="columnheader">
            {weekdayFmt.format(d).replace(".", "")}
          </div>
        ))}
        {days.map((d) => {
          const selected = value ? isSameDay(d, value) : false;
          const off = !isSameMonth(d, month);
          return (
            <button
              key={d.toISOString()}
              type="button"
              role="gridcell"
              aria-selected={selected}
              disabled={!!disabled(d)}
              onClick={() => onSelect?.(d)}
              className={cn(
                "mx-auto flex size-9 cursor-pointer items-center justify-center rounded-full text-[0.875rem] transition-colors outline-none hover:bg-primary/10 hover:text-primary focus-visible:ring-3 focus-visible:ring-primary/30 disabled:pointer-events-none disabled:opacity-35",
                off && "text-muted-foreground/60",
                isSameDay(d, today) && !selected && "font-semibold text-primary",
                selected && "bg-primary text-primary-foreground hover:bg-primary-darken hover:text-primary-foreground",
              )}
            >
              {d.getDate()}
            </button>
          );
        })}
      </div>
    </div>
  );
}
