import { cn } from "@/lib/utils";
import { slotted } from "./slotted";

export function Table({ className, ...props }: React.ComponentProps<"table">) {
  return (
    <div data-slot="table-container" className="relative w-full overflow-x-auto scrollbar-thin">
      <table data-slot="table" className={cn("w-full caption-bottom text-[0.9375rem]", className)} {...props} />
    </div>
  );
}

export const TableHeader = slotted("thead", "table-header", "[&_tr]:border-b");

export const TableBody = slotted("tbody", "table-body", "[&_tr:last-child]:border-0");

export const TableFooter = slotted("tfoot", "table-footer", "border-t font-medium [&>tr]:last:border-b-0");

export const TableRow = slotted(
  "tr",
  "table-row",
  "border-b border-border transition-colors hover:bg-muted/60 data-[state=selected]:bg-primary/8 dark:hover:bg-white/4",
);

export const TableHead = slotted(
  "th",
  "table-head",
  "h-12 px-5 text-start align-middle text-[0.8125rem] font-medium tracking-[0.2px] whitespace-nowrap text-heading uppercase [&:has([role=checkbox])]:pe-0",
);

export const TableCell = slotted("td", "table-cell", "h-[3.125rem] px-5 py-2 align-middle [&:has([role=checkbox])]:pe-0");

export const TableCaption = slotted("caption", "table-caption", "mt-4 text-sm text-muted-foreground");
