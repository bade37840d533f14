import type { ReactNode } from "react";
import { CardGridSkeleton } from "@/components/list-skeleton";
import { QueryView, type QueryState } from "@/components/query-view";
import { Card } from "@/components/ui/card";
import { GridPagination } from "@/components/ui/pagination";

type PageOf<T> = { data: T[]; meta: { page: number; limit: number; total: number; lastPage: number } };

/**
 * A server-paged grid of cards (assistants, templates): the skeleton grid while loading, the error
 * and the empty state each in a card, then the cards and the pager under them.
 * `children` renders one item (with its key).
 */
export function CardGridView<T>({
  query,
  skeleton,
  empty,
  testId,
  onPageChange,
  onPageSizeChange,
  children,
}: {
  query: QueryState<PageOf<T>>;
  skeleton: Parameters<typeof CardGridSkeleton>[0];
  empty: ReactNode;
  testId: string;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  children: (item: T) => ReactNode;
}) {
  return (
    <QueryView
      query={query}
      loading={<CardGridSkeleton {...skeleton} />}
      errorClassName="mx-6 border-none"
      errorFrame={(error) => <Card>{error}</Card>}
      isEmpty={(data) => data.data.length === 0}
      empty={<Card>{empty}</Card>}
    >
      {(data) => (
        <>
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid={testId}>
            {data.data.map((item) => children(item))}
          </div>
          <GridPagination meta={data.meta} onPageChange={onPageChange} onPageSizeChange={onPageSizeChange} />
        </>
      )}
    </QueryView>
  );
}
