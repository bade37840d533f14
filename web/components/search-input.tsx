import { Search } from "lucide-react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

export interface SearchInputProps extends Omit<React.ComponentProps<"input">, "type" | "onChange"> {
  value: string;
  onChange: (value: string) => void;
  /** The placeholder, also the box's accessible name. */
  label: string;
  /** Classes of the wrapper (width, flex) — `className` goes to the input. */
  wrapperClassName?: string;
}

/** The search box of the list pages: a magnifier inside, type=search, at most 100 characters. */
export function SearchInput({ value, onChange, label, wrapperClassName, className, ...props }: SearchInputProps) {
  return (
    <div className={cn("relative", wrapperClassName)}>
      <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input type="search" value={value} onChange={(e) => onChange(e.target.value)} placeholder={label} aria-label={label} className={cn("ps-9", className)} maxLength={100} {...props} />
    </div>
  );
}
