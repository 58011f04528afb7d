import { useState } from 'react';
import type { OutboxMessage } from '#contract';
import { formatDateTime } from '#web/utils/format-date.ts';
import { OutboxStatusBadge } from './outbox-table.tsx';

/**
 * One email as the shopper gets it. The HTML part is shown in a sandboxed
 * frame (no scripts, no forms, no same-origin access), so whatever a message
 * holds cannot act on the admin's page; the text part is shown as text.
 */
export function OutboxMessageView({ message }: { message: OutboxMessage }) {
  const [part, setPart] = useState<'html' | 'text'>('html');
  return (
    <div className="space-y-4">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-ink-700">To</dt>
        <dd className="break-all text-ink-900">{message.recipient}</dd>
        <dt className="font-semibold text-ink-700">Subject</dt>
        <dd className="text-ink-900">{message.subject}</dd>
        <dt className="font-semibold text-ink-700">Status</dt>
        <dd>
          <OutboxStatusBadge status={message.status} />{' '}
          <span className="text-ink-600">
            {message.attempts} {message.attempts === 1 ? 'attempt' : 'attempts'}
            {message.sentAt ? `, sent ${formatDateTime(message.sentAt)}` : ''}
          </span>
        </dd>
        {message.lastError ? (
          <>
            <dt className="font-semibold text-ink-700">Last error</dt>
            <dd className="text-ink-900">{message.lastError}</dd>
          </>
        ) : null}
        <dt className="font-semibold text-ink-700">Created</dt>
        <dd className="text-ink-900">{formatDateTime(message.createdAt)}</dd>
      </dl>
      <div className="flex gap-1">
        {(['html', 'text'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={part === value}
            onClick={() => setPart(value)}
            className={`h-9 rounded-full px-3 text-sm font-semibold ${
              part === value ? 'bg-ink-900 text-white' : 'text-ink-700 hover:bg-ink-100'
            }`}
          >
            {value === 'html' ? 'HTML' : 'Plain text'}
          </button>
        ))}
      </div>
      {part === 'html' ? (
        <iframe
          title={`Email: ${message.subject}`}
          sandbox=""
          srcDoc={message.html}
          className="h-[36rem] w-full rounded-xl border border-ink-200 bg-white"
        />
      ) : (
        <pre className="overflow-x-auto rounded-xl border border-ink-200 bg-ink-50 p-4 text-sm whitespace-pre-wrap text-ink-900">
          {message.text}
        </pre>
      )}
    </div>
  );
}
