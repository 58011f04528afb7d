import { Link } from 'react-router';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/** Any path the app does not know. */
export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <p className="text-6xl font-extrabold text-brand-600">404</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink-900">Page not found</h1>
      <p className="mt-4 text-ink-600">
        We could not find that page. It may have moved, or the link may be mistyped.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.home()} className={buttonStyles()}>
          Back to home
        </Link>
        <Link to={paths.products()} className={buttonStyles({ variant: 'outline' })}>
          Browse products
        </Link>
      </div>
    </section>
  );
}
