import { ORDER_EVENT_LABELS, type Order, type OrderEvent } from '#contract';

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

/** The steps of returns and exchanges after delivery (D31): each shown as it happened. */
const AFTER_DELIVERY = new Set<OrderEvent['type']>([
  'return-requested',
  'return-approved',
  'return-rejected',
  'return-received',
  'refunded',
  'exchange-shipped',
]);

/**
 * The tracking timeline (D20): placed → shipped → delivered, each with the
 * time its event was recorded (D19); steps not reached yet are upcoming. A
 * cancelled order shows the steps it reached, then 'Cancelled' where it stopped.
 * A delivered order then shows every step of its returns and exchanges (D31).
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

  // An order awaiting its online payment (issue 25) is placed, as a pending one is.
  const reachedUpTo = PROGRESS.indexOf(
    order.status === 'pending' || order.status === 'awaiting-payment' ? 'placed' : order.status,
  );
  const progress = PROGRESS.map((type, index) => {
    const event = latest(type);
    return index <= reachedUpTo
      ? step(type, 'done', event?.at ?? fallbackAt(type), event)
      : step(type, 'upcoming', undefined, undefined);
  });
  const returnSteps = order.events
    .filter((event) => AFTER_DELIVERY.has(event.type))
    .map((event) => step(event.type, 'done', event.at, event));
  return [...progress, ...returnSteps];
}

function step(
  type: OrderEvent['type'],
  state: TrackingStepState,
  at: string | undefined,
  event: OrderEvent | undefined,
): TrackingStep {
  return { type, label: ORDER_EVENT_LABELS[type], state, at, note: event?.note ?? null };
}
