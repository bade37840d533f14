import type { ReactNode } from "react";
import { X } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * The bar over a table while rows are chosen (contacts, products): how many, «выбрать все N» when
 * the whole page is chosen and more rows match, the list's own actions, and «снять выбор». Texts
 * come translated from the caller; the test ids are the same for every list.
 */
export function BulkActionBar({
  label,
  countText,
  selectAllText,
  onSelectAll,
  clearText,
  onClear,
  children,
}: {
  label: string;
  countText: string;
  /** Shown when set: the link that widens the choice to every matching row. */
  selectAllText?: string | null;
  onSelectAll: () => void;
  clearText: string;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-border bg-primary/5 px-4 py-2.5 sm:px-6" role="region" aria-label={label} data-testid="bulk-bar">
      <span className="text-sm font-medium text-heading" data-testid="bulk-count">
        {countText}
      </span>
      {selectAllText && (
        <Button variant="link" size="sm" className="h-auto px-1" onClick={onSelectAll} data-testid="bulk-select-all">
          {selectAllText}
        </Button>
      )}
      <div className="flex flex-wrap items-center gap-2 sm:ms-auto">
        {children}
        <Button variant="ghost" size="sm" onClick={onClear} data-testid="bulk-clear">
          <X aria-hidden />
          {clearText}
        </Button>
      </div>
    </div>
  );
}

/** Whether to offer «выбрать все N»: the chosen ids fill the page and more rows match. */
export const canWidenSelection = (target: { kind: "ids"; ids: string[] } | { kind: "filter" }, pageCount: number, total: number) =>
  target.kind === "ids" && target.ids.length >= pageCount && total > target.ids.length;
