import { useState } from "react";

/**
 * The page and page size of a server-paged <DataTable>: a new page size starts again at page 1.
 * `tableProps(total)` gives the table's paging props; call `setPage(1)` when a filter changes.
 */
export function usePaging(initialLimit = 20) {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(initialLimit);
  const tableProps = (total: number | undefined) => ({
    page,
    pageSize: limit,
    total: total ?? 0,
    onPageChange: setPage,
    onPageSizeChange: (size: number) => (setLimit(size), setPage(1)),
  });
  return { page, limit, setPage, tableProps };
}
