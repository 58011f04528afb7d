import { Link } from 'react-router';
import { ArrowRightIcon } from './icons.tsx';

/** A small link back to the page above this one ('← Your Orders'). */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold text-brand-700 hover:text-brand-800"
    >
      <ArrowRightIcon className="size-4 rotate-180" />
      {children}
    </Link>
  );
}
