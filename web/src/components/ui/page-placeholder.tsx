import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { buttonStyles } from './button-styles.ts';

interface PagePlaceholderProps {
  title: string;
  /** What the finished page will let the shopper do. */
  children?: ReactNode;
}

/** Stands in for a screen that is still being built, and says so plainly. */
export function PagePlaceholder({ title, children }: PagePlaceholderProps) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <p className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold tracking-wide text-amber-900 uppercase">
        Coming soon
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 text-ink-600">
        {children ?? 'This page is not ready yet. We are still building it.'}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.products()} className={buttonStyles()}>
          Browse products
        </Link>
        <Link to={paths.home()} className={buttonStyles({ variant: 'outline' })}>
          Back to home
        </Link>
      </div>
    </section>
  );
}
