import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

export interface ListSkeletonProps {
  count: number;
  /** Classes of the leading block (an avatar, an icon, a thumbnail). */
  lead: string;
  /** Classes of each text line stacked beside it. */
  lines: string[];
  /** Something at the row's end (a button's place). */
  trailing?: React.ReactNode;
  /** The list's element: `ul` rows are `li`, otherwise `div`. */
  as?: "ul" | "div";
  className?: string;
  rowClassName?: string;
  /** Marks the list as loading for assistive tech (and for the tests that wait for it). */
  label?: string;
  busy?: boolean;
}

/** The loading placeholder of a list whose rows are a leading block and a few lines of text. */
export function ListSkeleton({ count, lead, lines, trailing, as: List = "div", className, rowClassName = "flex items-center gap-3", label, busy = true }: ListSkeletonProps) {
  const Row = List === "ul" ? "li" : "div";
  return (
    <List className={className} aria-busy={busy ? "true" : undefined} aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Row key={i} className={rowClassName}>
          <Skeleton className={lead} />
          <div className="flex-1 space-y-2">
            {lines.map((line, j) => (
              <Skeleton key={j} className={line} />
            ))}
          </div>
          {trailing}
        </Row>
      ))}
    </List>
  );
}

/** The loading placeholder of a grid of cards (assistants, templates): icon and two lines, a text block, a footer line. */
export function CardGridSkeleton({ label, lines, footer }: { label: string; lines: [string, string]; footer: string }) {
  return (
    <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={label}>
      {Array.from({ length: 6 }, (_, i) => (
        <Card key={i} className="gap-4 px-5 py-5">
          <div className="flex gap-3">
            <Skeleton className="size-11" />
            <div className="flex-1 space-y-2">
              <Skeleton className={lines[0]} />
              <Skeleton className={lines[1]} />
            </div>
          </div>
          <Skeleton className="h-14 w-full" />
          <Skeleton className={footer} />
        </Card>
      ))}
    </div>
  );
}
