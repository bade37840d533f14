import { TablePagination } from "@/components/ui/pagination";

/**
 * Server-side paging of the accounts list: the shared pager of every list (range, rows per page,
 * first/previous/pages/next/last; SPEC §2.13), which stacks and drops the page numbers on a phone.
 * `lastPage` is the server's count of pages; the pager derives the same from `total` and `limit`.
 */
export function ListPager({
  page,
  limit,
  total,
  onPage,
  onLimit,
}: {
  page: number;
  lastPage: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}) {
  // The list's footer around it (routes/accounts.tsx) already has the top border and py-3; px-6 lines it up with the rows.
  return (
    <div data-testid="list-pager">
      <TablePagination className="px-6 py-1" page={page} pageSize={limit} total={total} onPageChange={onPage} onPageSizeChange={onLimit} />
    </div>
  );
}
