import { Link } from 'react-router';
import { ChevronDownIcon } from './icons.tsx';

/** One step of the trail: a link, or (the last) the page the shopper is on. */
export interface Crumb {
  label: string;
  to?: string;
}

/** Where a page sits in the shop (Products › a product › …); the last step is the current page. */
export function Breadcrumb({ crumbs, className = '' }: { crumbs: Crumb[]; className?: string }) {
  return (
    <nav aria-label="Breadcrumb" className={`text-sm ${className}`}>
      <ol className="flex min-w-0 items-center gap-2 text-ink-600">
        {crumbs.map((crumb, index) => (
          <li key={crumb.label} className="flex min-w-0 items-center gap-2">
            {index > 0 ? <ChevronDownIcon className="size-4 shrink-0 -rotate-90" /> : null}
            {crumb.to ? (
              <Link to={crumb.to} className="truncate rounded-sm hover:text-ink-900">
                {crumb.label}
              </Link>
            ) : (
              <span aria-current="page" className="truncate font-medium text-ink-900">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
