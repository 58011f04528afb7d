import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type ListPage, PagedList } from '#web/components/ui/query-result.tsx';

type ListSearch<Status> = { status?: Status | undefined; page?: number };

/** The page and status an owner's list shows, read from the address (`?status=…&page=…`). */
export function useStatusAndPage<Status extends string>(statuses: readonly Status[]) {
  const [params] = useSearchParams();
  const value = params.get('status');
  return {
    page: Math.max(1, Number(params.get('page')) || 1),
    status: statuses.find((status) => status === value),
  };
}

interface StatusFilteredListProps<Status extends string, Item> {
  /** The filter's and the pages' accessible names, and what the list says while loading or empty. */
  labels: { status: string; pages: string; loading: string; empty: string };
  statuses: readonly Status[];
  status: Status | undefined;
  hrefFor: (search: ListSearch<Status>) => string;
  query: UseQueryResult<ListPage<Item>>;
  children: (items: Item[]) => ReactNode;
}

/**
 * An owner's list with a status filter above it and pages below it (the
 * outbox, returns): loading, error with retry, empty and the items.
 */
export function StatusFilteredList<Status extends string, Item>({
  labels,
  statuses,
  status,
  hrefFor,
  query,
  children,
}: StatusFilteredListProps<Status, Item>) {
  return (
    <>
      <nav aria-label={labels.status} className="mb-4">
        <ul className="flex flex-wrap gap-1">
          {[undefined, ...statuses].map((value) => (
            <li key={value ?? 'all'}>
              <Link
                to={hrefFor({ status: value })}
                aria-current={value === status ? 'page' : undefined}
                className={`inline-flex h-9 items-center rounded-full px-3 text-sm font-semibold capitalize ${
                  value === status ? 'bg-brand-700 text-white' : 'text-ink-700 hover:bg-ink-100'
                }`}
              >
                {value ?? 'All'}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <PagedList
        query={query}
        loading={labels.loading}
        empty={labels.empty}
        pagination={{ label: labels.pages, hrefFor: (page) => hrefFor({ status, page }) }}
      >
        {children}
      </PagedList>
    </>
  );
}
