import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Pagination } from './pagination.tsx';
import { EmptyState, ErrorMessage, LoadingMessage } from './status-message.tsx';

interface QueryResultProps<Data> {
  query: UseQueryResult<Data>;
  /** What the spinner says while the first answer is on its way ('Loading orders...'). */
  loading: string;
  children: (data: Data) => ReactNode;
}

/**
 * A query's answer, or the spinner while it loads, or the error with a way to
 * try again: the three states every page that reads the server shows.
 */
export function QueryResult<Data>({ query, loading, children }: QueryResultProps<Data>) {
  if (query.data !== undefined) return children(query.data);
  if (query.error) {
    return <ErrorMessage message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  return <LoadingMessage>{loading}</LoadingMessage>;
}

export interface ListPage<Item> {
  results: Item[];
  page: number;
  pages: number;
}

interface PagedListProps<Data extends ListPage<unknown>> {
  query: UseQueryResult<Data>;
  loading: string;
  /** The empty state's title, or a whole element for a quieter one. */
  empty: string | ReactNode;
  /** The page links' accessible name and where each page lives. */
  pagination: { label?: string; hrefFor: (page: number) => string };
  /** The page's items (and the whole answer, for its total). */
  children: (items: Data['results'], page: Data) => ReactNode;
}

/** One page of a paged list (`{ results, page, pages }`) with its page links below it. */
export function PagedList<Data extends ListPage<unknown>>({
  query,
  loading,
  empty,
  pagination,
  children,
}: PagedListProps<Data>) {
  return (
    <QueryResult query={query} loading={loading}>
      {(data) =>
        data.results.length === 0 ? (
          typeof empty === 'string' ? (
            <EmptyState title={empty} />
          ) : (
            empty
          )
        ) : (
          <div className="space-y-4">
            {children(data.results, data)}
            <Pagination
              label={pagination.label}
              page={data.page}
              pages={data.pages}
              hrefFor={pagination.hrefFor}
            />
          </div>
        )
      }
    </QueryResult>
  );
}

export interface ListResultProps<Item> {
  query: UseQueryResult<Item[]>;
  loading: string;
  /** What shows when the list is empty. */
  empty: ReactNode;
  itemKey: (item: Item) => string;
  children: (item: Item) => ReactNode;
}

/** A whole list the server answers in one go, one card under another. */
export function ListResult<Item>({
  query,
  loading,
  empty,
  itemKey,
  children,
}: ListResultProps<Item>) {
  return (
    <QueryResult query={query} loading={loading}>
      {(items) =>
        items.length === 0 ? (
          empty
        ) : (
          <ul className="space-y-4">
            {items.map((item) => (
              <li key={itemKey(item)}>{children(item)}</li>
            ))}
          </ul>
        )
      }
    </QueryResult>
  );
}
