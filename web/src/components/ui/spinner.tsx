interface SpinnerProps {
  /** What is loading, read out by screen readers. */
  label?: string;
  className?: string;
}

export function Spinner({ label = 'Loading', className = 'size-10' }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <span
        aria-hidden="true"
        className={`${className} animate-spin rounded-full border-4 border-brand-100 border-t-brand-600 motion-reduce:animate-[spin_1.5s_linear_infinite]`}
      />
    </span>
  );
}

/** Covers the screen while a page's data loads (SPEC §2 Home). */
export function FullScreenSpinner({ label = 'Loading' }: Pick<SpinnerProps, 'label'>) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-white/80 backdrop-blur-sm">
      <Spinner label={label} className="size-12" />
    </div>
  );
}
