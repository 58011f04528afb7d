import type { ContactMessage } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { formatDateTime } from '#web/utils/format-date.ts';
import { useSetMessageHandled } from '../api/admin-messages.ts';

/** One contact message with a button to mark it handled, or not handled again. */
function MessageItem({ message: current }: { message: ContactMessage }) {
  const setHandled = useSetMessageHandled();
  const toggle = () =>
    setHandled.mutate(
      { id: current._id, handled: !current.handled },
      { onError: (error) => toast.error(getErrorMessage(error)) },
    );
  return (
    <li className="rounded-2xl border border-ink-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-semibold text-ink-900">{current.name}</p>
          <a href={`mailto:${current.email}`} className="text-sm break-all text-brand-700">
            {current.email}
          </a>
          <p className="text-xs text-ink-600">
            <time dateTime={current.createdAt}>{formatDateTime(current.createdAt)}</time>
          </p>
        </div>
        <div className="flex items-center gap-3">
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${
              current.handled
                ? 'bg-emerald-100 text-emerald-900 ring-emerald-300'
                : 'bg-amber-100 text-amber-900 ring-amber-300'
            }`}
          >
            {current.handled ? 'Handled' : 'To answer'}
          </span>
          <button
            type="button"
            disabled={setHandled.isPending}
            onClick={toggle}
            className={buttonStyles({ variant: 'outline', size: 'sm' })}
          >
            {current.handled ? 'Mark unhandled' : 'Mark handled'}
          </button>
        </div>
      </div>
      <p className="mt-3 text-sm whitespace-pre-line text-ink-800">{current.message}</p>
    </li>
  );
}

export function ContactMessageList({ messages }: { messages: ContactMessage[] }) {
  return (
    <ul className="space-y-3">
      {messages.map((message) => (
        <MessageItem key={message._id} message={message} />
      ))}
    </ul>
  );
}
