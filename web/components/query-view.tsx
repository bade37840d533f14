import { LoadError } from "@/components/load-error";

/** What QueryView reads of a react-query result (a plain or an infinite query). */
export interface QueryState<T> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

export interface QueryViewProps<T> {
  query: QueryState<T>;
  /** The skeleton shown until the first answer. */
  loading: React.ReactNode;
  /** Shown instead of the default LoadError (with its retry) when the query failed. */
  error?: React.ReactNode;
  errorClassName?: string;
  /** Puts the default LoadError into a frame (a card, a padded box). */
  errorFrame?: (content: React.ReactNode) => React.ReactNode;
  /** When the answer counts as empty, `empty` is shown instead of the rows. */
  isEmpty?: (data: T) => boolean;
  empty?: React.ReactNode;
  children: (data: T) => React.ReactNode;
}

/**
 * One query's states in the order every list shows them (UI.md: a skeleton while loading, a sentence
 * and a retry on failure, an empty state with the next action, then the rows).
 */
export function QueryView<T>({ query, loading, error, errorClassName, errorFrame, isEmpty, empty, children }: QueryViewProps<T>) {
  if (query.isPending) return loading;
  if (query.isError) {
    if (error !== undefined) return error;
    const content = <QueryLoadError query={query} className={errorClassName} />;
    return errorFrame ? errorFrame(content) : content;
  }
  const data = query.data as T;
  if (isEmpty?.(data)) return empty ?? null;
  return children(data);
}

/** A LoadError wired to a query: its error, a retry that refetches, the spinner while it does. */
export function QueryLoadError({ query, className }: { query: Pick<QueryState<unknown>, "error" | "refetch" | "isFetching">; className?: string }) {
  return <LoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} className={className} />;
}
