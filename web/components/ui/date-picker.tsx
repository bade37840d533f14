import { CalendarDays, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Calendar } from "./calendar";
import { inputClass } from "./input";
import { Popover, PopoverContent, PopoverTrigger } from "./popover";
import { formatDate } from "@/lib/i18n";
import { cn } from "@/lib/utils";

export interface DatePickerProps {
  value?: Date | null;
  onChange?: (date: Date | null) => void;
  placeholder?: string;
  disabled?: boolean;
  min?: Date;
  max?: Date;
  clearable?: boolean;
  className?: string;
  id?: string;
  "aria-invalid"?: boolean;
}

export function DatePicker({ value, onChange, placeholder, disabled, min, max, clearable = true, className, id, ...rest }: DatePickerProps) {
  const { t } = useTranslation("common");
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <div className={cn("relative", className)}>
        <PopoverTrigger asChild disabled={disabled}>
          <button
            type="button"
            id={id}
            aria-invalid={rest["aria-invalid"]}
            className={cn(inputClass, "items-center gap-2 text-start", !value && "text-muted-foreground")}
          >
            <CalendarDays className="size-4.5 shrink-0 text-muted-foreground" aria-hidden />
            <span className="truncate">{value ? formatDate(value, { long: true }) : (placeholder ?? t("datePicker.placeholder"))}</span>
          </button>
        </PopoverTrigger>
        {clearable && value && !disabled && (
          <button
            type="button"
            aria-label={t("datePicker.clear")}
            className="absolute end-2 top-1/2 flex size-6 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground"
            onClick={() => onChange?.(null)}
          >
            <X className="size-4" />
          </button>
        )}
      </div>
      <PopoverContent className="w-auto p-3" align="start">
        <Calendar
          value={value}
          min={min}
          max={max}
          onSelect={(d) => {
            onChange?.(d);
            setOpen(false);
          }}
        />
      </PopoverContent>
    </Popover>
  );
}
