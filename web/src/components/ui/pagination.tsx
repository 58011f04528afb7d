import { Link } from 'react-router';
import { ChevronDownIcon } from './icons.tsx';

/**
 * The pages to list around the current one: always the first and last, two
 * either side of the current, and null where a gap is skipped.
 */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages, page - 1, page, page + 1]);
  // Near either end, show a few more so the list does not shrink to three.
  if (page <= 3) for (const extra of [2, 3, 4]) shown.add(extra);
  if (page >= pages - 2) for (const extra of [pages - 1, pages - 2, pages - 3]) shown.add(extra);
  const sorted = [...shown].filter((value) => value >= 1 && value <= pages).sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const value of sorted) {
    const previous = result.at(-1);
    if (typeof previous === 'number' && value - previous === 2) result.push(value - 1);
    else if (typeof previous === 'number' && value - previous > 2) result.push(null);
    result.push(value);
  }
  return result;
}

interface PaginationProps {
  page: number;
  /** The pages known to exist (all of them unless `more`). */
  pages: number;
  /** Pages past `pages` may exist (a list that stopped counting): a gap follows the last number. */
  more?: boolean;
  /** The link to a page (real links: Back, new tabs and sharing work). */
  hrefFor: (page: number) => string;
  /** Names the landmark when a screen has more than one. */
  label?: string;
}

const ITEM =
  'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-full px-3 text-sm font-semibold';

/** Previous, page numbers and Next; nothing when there is a single page and no more. */
export function Pagination({
  page,
  pages,
  more = false,
  hrefFor,
  label = 'Pages',
}: PaginationProps) {
  if (pages <= 1 && !more) return null;
  return (
    <nav aria-label={label} className="flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            <Link
              to={hrefFor(page - 1)}
              rel="prev"
              className={`${ITEM} text-ink-800 hover:bg-ink-100`}
            >
              <ChevronDownIcon className="size-4 rotate-90" />
              Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={`${ITEM} cursor-not-allowed text-ink-500`}>
              <ChevronDownIcon className="size-4 rotate-90" />
              Previous
            </span>
          )}
        </li>
        {pageWindow(page, pages).map((value, index) =>
          value === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place.
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-ink-500">
              …
            </li>
          ) : (
            <li key={value}>
              <Link
                to={hrefFor(value)}
                aria-label={`Page ${value}`}
                aria-current={value === page ? 'page' : undefined}
                className={`${ITEM} ${
                  value === page ? 'bg-ink-900 text-white' : 'text-ink-800 hover:bg-ink-100'
                }`}
              >
                {value}
              </Link>
            </li>
          ),
        )}
        {more ? (
          <li aria-hidden="true" className="px-1 text-ink-500">
            …
          </li>
        ) : null}
        <li>
          {page < pages ? (
            <Link
              to={hrefFor(page + 1)}
              rel="next"
              className={`${ITEM} text-ink-800 hover:bg-ink-100`}
            >
              Next
              <ChevronDownIcon className="size-4 -rotate-90" />
            </Link>
          ) : (
            <span aria-disabled="true" className={`${ITEM} cursor-not-allowed text-ink-500`}>
              Next
              <ChevronDownIcon className="size-4 -rotate-90" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
