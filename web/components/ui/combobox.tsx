import type { ReactNode } from "react";
import { Check, ChevronsUpDown } from "lucide-react";
import { Command } from "@/components/ui/command";
import { inputClass } from "@/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/utils";

/**
 * A searchable picker: a button that looks like an input (role="combobox") opening a popover with a
 * cmdk <Command>. `children` is the Command's content (CommandInput, CommandList…); the caller owns
 * `open` and closes it on a pick. Use it for long lists (time zones, models); a short fixed list is
 * a Select.
 */
export function Combobox({
  open,
  onOpenChange,
  display,
  empty,
  id,
  disabled,
  invalid,
  label,
  testId,
  commandClassName,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the closed button shows (the current value, or a placeholder). */
  display: ReactNode;
  /** True when `display` is a placeholder (muted). */
  empty: boolean;
  id?: string;
  disabled?: boolean;
  invalid?: boolean;
  /** aria-label of the button when no <label> points at it. */
  label?: string;
  testId?: string;
  commandClassName?: string;
  children: ReactNode;
}) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <button
          id={id}
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-invalid={invalid}
          aria-label={label}
          disabled={disabled}
          className={cn(inputClass, "cursor-pointer items-center justify-between gap-2 text-start disabled:cursor-not-allowed")}
          data-testid={testId}
        >
          <span className={cn("truncate", empty && "text-muted-foreground")}>{display}</span>
          <ChevronsUpDown className="size-4 shrink-0 opacity-50" aria-hidden />
        </button>
      </PopoverTrigger>
      <PopoverContent className="w-(--radix-popover-trigger-width) min-w-72 p-0" align="start">
        <Command className={commandClassName}>{children}</Command>
      </PopoverContent>
    </Popover>
  );
}

/** The tick before an option of a Combobox, visible on the chosen one. */
export function ComboboxCheck({ on }: { on: boolean }) {
  return <Check className={cn("size-4", on ? "opacity-100" : "opacity-0")} aria-hidden />;
}
