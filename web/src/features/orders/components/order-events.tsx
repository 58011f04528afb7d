import { type AdminOrder, ORDER_EVENT_LABELS } from '#contract';
import { formatDateTime } from '#web/utils/format-date.ts';

/** The order's history, oldest first, with who made each change. */
export function OrderEvents({ events }: { events: AdminOrder['events'] }) {
  return (
    <ol className="space-y-3">
      {events.map((event) => (
        <li key={`${event.type}-${event.at}`} className="border-l-2 border-ink-200 pl-4">
          <p className="font-semibold text-ink-900">{ORDER_EVENT_LABELS[event.type]}</p>
          <p className="text-sm text-ink-700">
            <time dateTime={event.at}>{formatDateTime(event.at)}</time>
            {' · '}
            {event.actor
              ? `by ${event.actor.name} (${event.actor.role === 'admin' ? 'admin' : 'shopper'}, ${event.actor.email})`
              : 'by nobody recorded'}
          </p>
          {event.note ? <p className="mt-1 text-sm text-ink-600">{event.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
