import { History } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Spinner } from "@/components/ui/spinner";
import { formatDate } from "@/lib/i18n";

export interface ImportHistoryItem {
  id: string;
  fileName: string;
  createdAt: number;
  /** «создано 3, обновлено 1, отклонено 2», already translated. */
  summary: string;
  status: { label: string; variant: "info" | "success" | "destructive" };
}

/**
 * The latest imports of an account under an import dialog's upload step; a click opens one again
 * (its progress or its report). Shared by the contacts' and the products' imports; the texts come
 * translated from the caller.
 */
export function ImportHistoryList({
  items,
  pending,
  failed,
  texts,
  onOpen,
}: {
  items: ImportHistoryItem[];
  pending: boolean;
  failed: boolean;
  texts: { title: string; empty: string; loadError: string; open: (fileName: string) => string };
  onOpen: (id: string) => void;
}) {
  return (
    <section className="grid gap-2" aria-labelledby="import-history-title">
      <h3 id="import-history-title" className="flex items-center gap-2 text-sm font-semibold text-heading">
        <History className="size-4" aria-hidden />
        {texts.title}
      </h3>
      {pending && <Spinner className="size-4" />}
      {failed && <p className="text-sm text-destructive">{texts.loadError}</p>}
      {!pending && !failed && items.length === 0 && <p className="text-sm text-muted-foreground">{texts.empty}</p>}
      {items.length > 0 && (
        <ul className="divide-y divide-border rounded-md border border-border" data-testid="import-history">
          {items.map((j) => (
            <li key={j.id}>
              <button
                type="button"
                className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-start text-sm hover:bg-muted focus-visible:bg-muted focus-visible:outline-none"
                onClick={() => onOpen(j.id)}
                aria-label={texts.open(j.fileName)}
              >
                <span className="min-w-0 flex-1 truncate font-medium text-heading">{j.fileName}</span>
                <span className="text-muted-foreground">{formatDate(j.createdAt, { withTime: true })}</span>
                <span className="text-muted-foreground">{j.summary}</span>
                <Badge variant={j.status.variant}>{j.status.label}</Badge>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
