import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { buttonStyles } from './button-styles.ts';

interface NotFoundViewProps {
  title: string;
  children: ReactNode;
  /** Where to go instead; the products and home by default. */
  actions?: ReactNode;
}

/** A friendly 404: what was not found, and the way back to the shop. */
export function NotFoundView({ title, children, actions }: NotFoundViewProps) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <p className="text-6xl font-extrabold text-brand-600">404</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink-900">{title}</h1>
      <p className="mt-4 text-ink-600">{children}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {actions ?? (
          <>
            <Link to={paths.products()} className={buttonStyles()}>
              Browse products
            </Link>
            <Link to={paths.home()} className={buttonStyles({ variant: 'outline' })}>
              Back to home
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
