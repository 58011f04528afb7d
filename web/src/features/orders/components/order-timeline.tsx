import type { Order } from '#contract';
import { CheckIcon, CloseIcon, TruckIcon } from '#web/components/ui/icons.tsx';
import { formatDate, formatDateTime } from '#web/utils/format-date.ts';
import { type TrackingStep, trackingSteps } from '../utils/tracking-steps.ts';

const MARKER: Record<TrackingStep['state'], string> = {
  done: 'bg-emerald-600 text-white',
  cancelled: 'bg-red-700 text-white',
  upcoming: 'border-2 border-ink-300 bg-white text-ink-400',
};

/** Read out after a reached step's name (the marker's colour and icon say it visually). */
const STATE_TEXT: Record<Exclude<TrackingStep['state'], 'upcoming'>, string> = {
  done: 'Done',
  cancelled: 'The order stopped here',
};

/** The order's events as a timeline (D20). */
export function OrderTimeline({ order }: { order: Order }) {
  const steps = trackingSteps(order);
  return (
    <ol aria-label="Order progress" className="relative">
      {steps.map((step, index) => {
        const last = index === steps.length - 1;
        const nextDone = steps[index + 1]?.state === 'done';
        return (
          <li key={`${step.type}-${step.at ?? ''}`} className="relative flex gap-4 pb-8 last:pb-0">
            {last ? null : (
              <span
                aria-hidden="true"
                className={`absolute top-9 bottom-1 left-[17px] w-0.5 ${
                  step.state === 'done' && nextDone ? 'bg-emerald-600' : 'bg-ink-200'
                }`}
              />
            )}
            <span
              aria-hidden="true"
              className={`relative flex size-9 shrink-0 items-center justify-center rounded-full ${MARKER[step.state]}`}
            >
              {step.state === 'done' ? <CheckIcon className="size-5" /> : null}
              {step.state === 'cancelled' ? <CloseIcon className="size-5" /> : null}
              {step.state === 'upcoming' ? (
                <span className="size-2 rounded-full bg-ink-300" />
              ) : null}
            </span>
            <div className="pt-1.5">
              <p
                className={`font-semibold ${step.state === 'upcoming' ? 'text-ink-600' : 'text-ink-900'}`}
              >
                {step.label}
                {step.state === 'upcoming' ? null : (
                  <span className="sr-only">: {STATE_TEXT[step.state]}</span>
                )}
              </p>
              <p className="text-sm text-ink-600">
                {step.at ? (
                  <time dateTime={step.at}>{formatDateTime(step.at)}</time>
                ) : step.state === 'upcoming' ? (
                  step.type === 'delivered' ? (
                    `Not yet reached · expected by ${formatDate(order.estimateDeliveryDate)}`
                  ) : (
                    'Not yet reached'
                  )
                ) : null}
              </p>
              {step.note ? <p className="mt-1 text-sm text-ink-700">{step.note}</p> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

const OUTLOOK_LOOK = {
  expected: { Icon: TruckIcon, className: 'bg-brand-50', iconClassName: 'text-brand-700' },
  delivered: { Icon: CheckIcon, className: 'bg-emerald-50', iconClassName: 'text-emerald-700' },
  cancelled: { Icon: CloseIcon, className: 'bg-red-50', iconClassName: 'text-red-700' },
} as const;

/** Where the order is headed: its estimated delivery, or when it was delivered or cancelled. */
export function DeliveryOutlook({ order }: { order: Order }) {
  const when = (type: 'delivered' | 'cancelled') =>
    order.events.findLast((event) => event.type === type)?.at ??
    (type === 'delivered' ? order.deliveredAt : null);
  const [kind, label, at] =
    order.status === 'delivered'
      ? (['delivered', 'Delivered on', when('delivered')] as const)
      : order.status === 'cancelled'
        ? (['cancelled', 'Cancelled on', when('cancelled')] as const)
        : (['expected', 'Estimated delivery', order.estimateDeliveryDate] as const);
  const { Icon, className, iconClassName } = OUTLOOK_LOOK[kind];
  return (
    <div className={`flex items-center gap-4 rounded-2xl p-4 sm:p-5 ${className}`}>
      <span
        className={`flex size-11 shrink-0 items-center justify-center rounded-full bg-white ring-1 ring-ink-200 ${iconClassName}`}
      >
        <Icon className="size-6" />
      </span>
      <div>
        <p className="text-sm text-ink-700">{label}</p>
        <p className="text-lg font-bold text-ink-900">{at ? formatDate(at) : 'N/A'}</p>
      </div>
    </div>
  );
}
