import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';

/** Shown in place of a page that failed to load or render; the layout around it stays. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center"
    >
      <h1 className="text-3xl font-bold tracking-tight text-ink-900">
        {notFound ? 'Page not found' : 'Something went wrong'}
      </h1>
      <p className="mt-4 text-ink-600">
        {notFound
          ? 'We could not find that page.'
          : 'This page could not be shown. Reloading often helps; if not, please try again later.'}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={() => window.location.reload()} className={buttonStyles()}>
          Reload
        </button>
        <Link to={paths.home()} className={buttonStyles({ variant: 'outline' })}>
          Back to home
        </Link>
      </div>
    </section>
  );
}
