import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';

/** Shown in place of a page that failed to load or render; the layout around it stays. */
export function RouteError() {
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center"
    >
      <h1 className="text-3xl font-bold tracking-tight text-ink-900">Something went wrong</h1>
      <p className="mt-4 text-ink-600">
        This page could not be shown. Reloading often helps; if not, please try again later.
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

interface BoundaryProps {
  children: ReactNode;
  /** A new value (the next page) clears a caught error. */
  resetKey: string;
}

interface BoundaryState {
  failed: boolean;
  resetKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** Catches what a page throws while it renders or loads; leaving the page clears it. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary resetKey={useLocation().pathname}>{children}</ErrorBoundary>;
}
