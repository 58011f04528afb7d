import type { ReactNode } from 'react';

interface CardSectionProps {
  /** Also names the section for assistive tech. */
  title: string;
  /** Makes the heading id unique on the page. */
  id: string;
  /** Something at the end of the heading row (a link, say). */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A titled white card: how the profile and settings pages group what they show. */
export function CardSection({ title, id, aside, className = '', children }: CardSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl border border-ink-200 bg-white p-4 shadow-sm sm:p-6 ${className}`}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold tracking-tight text-ink-900">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
