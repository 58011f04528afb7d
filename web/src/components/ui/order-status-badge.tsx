import { ORDER_STATUS_LABELS, type OrderStatus } from '#contract';

/**
 * D13: the API's one lowercase status, shown capitalised (the contract's
 * label) with one colour per status on every screen (the spec's casing and
 * colours differed between screens).
 */
export const ORDER_STATUS_COLOURS: Record<OrderStatus, string> = {
  'awaiting-payment': 'bg-violet-100 text-violet-900 ring-violet-300',
  pending: 'bg-amber-100 text-amber-900 ring-amber-300',
  shipped: 'bg-sky-100 text-sky-900 ring-sky-300',
  delivered: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  cancelled: 'bg-red-100 text-red-900 ring-red-300',
};

export function orderStatusLabel(status: OrderStatus): string {
  return ORDER_STATUS_LABELS[status];
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const label = ORDER_STATUS_LABELS[status];
  const className = ORDER_STATUS_COLOURS[status];
  return (
    <span
      data-status={status}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${className}`}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {label}
    </span>
  );
}
