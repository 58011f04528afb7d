import type { Order, OrderEvent } from '#contract';

export type TrackingStepState = 'done' | 'upcoming' | 'cancelled';

export interface TrackingStep {
  type: OrderEvent['type'];
  label: string;
  state: TrackingStepState;
  /** When it happened (an ISO timestamp), for steps reached. */
  at: string | undefined;
  note: string | null;
}

const PROGRESS = ['placed', 'shipped', 'delivered'] as const;

const LABELS: Record<OrderEvent['type'], string> = {
  placed: 'Order placed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/**
 * The tracking timeline (D20): placed → shipped → delivered, each with the
 * time its event was recorded (D19); steps not reached yet are upcoming. A
 * cancelled order shows the steps it reached, then 'Cancelled' where it stopped.
 */
export function trackingSteps(
  order: Pick<Order, 'status' | 'events' | 'createdAt' | 'deliveredAt'>,
): TrackingStep[] {
  const latest = (type: OrderEvent['type']) =>
    order.events.findLast((event) => event.type === type);
  const fallbackAt = (type: OrderEvent['type']) =>
    type === 'placed'
      ? order.createdAt
      : type === 'delivered'
        ? (order.deliveredAt ?? undefined)
        : undefined;

  if (order.status === 'cancelled') {
    const reached = PROGRESS.filter((type) => type === 'placed' || latest(type) !== undefined);
    const cancelled = latest('cancelled');
    return [
      ...reached.map((type) =>
        step(type, 'done', latest(type)?.at ?? fallbackAt(type), latest(type)),
      ),
      step('cancelled', 'cancelled', cancelled?.at, cancelled),
    ];
  }

  const reachedUpTo = PROGRESS.indexOf(order.status === 'pending' ? 'placed' : order.status);
  return PROGRESS.map((type, index) => {
    const event = latest(type);
    return index <= reachedUpTo
      ? step(type, 'done', event?.at ?? fallbackAt(type), event)
      : step(type, 'upcoming', undefined, undefined);
  });
}

function step(
  type: OrderEvent['type'],
  state: TrackingStepState,
  at: string | undefined,
  event: OrderEvent | undefined,
): TrackingStep {
  return { type, label: LABELS[type], state, at, note: event?.note ?? null };
}
