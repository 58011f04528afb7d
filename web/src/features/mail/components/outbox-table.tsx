import { Link } from 'react-router';
import type { OutboxMessageSummary, OutboxStatus } from '#contract';
import { AdminTable } from '#web/components/ui/admin-table.tsx';
import { paths } from '#web/config/paths.ts';
import { formatDateTime } from '#web/utils/format-date.ts';

const STATUS_STYLES: Record<OutboxStatus, string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  sending: 'bg-sky-50 text-sky-900 ring-sky-200',
  sent: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  failed: 'bg-red-50 text-red-900 ring-red-200',
  held: 'bg-ink-100 text-ink-800 ring-ink-200',
};

/** An email's delivery status, as a word in a coloured pill. */
export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ${STATUS_STYLES[status]}`}
    >
      {status}
    </span>
  );
}

/** The outbox as the owner lists it; each subject opens the message. */
export function OutboxTable({ messages }: { messages: OutboxMessageSummary[] }) {
  return (
    <AdminTable
      headings={['Created', 'Recipient', 'Subject', 'Kind', 'Status', 'Attempts', 'Last error']}
      minWidthClass="min-w-[48rem]"
    >
      {messages.map((message) => (
        <tr key={message._id}>
          <td className="px-4 py-3 whitespace-nowrap text-ink-700">
            {formatDateTime(message.createdAt)}
          </td>
          <td className="px-4 py-3 break-all text-ink-900">{message.recipient}</td>
          <td className="px-4 py-3">
            <Link
              to={paths.adminOutboxMessage(message._id)}
              className="font-semibold text-brand-700 hover:underline"
            >
              {message.subject}
            </Link>
          </td>
          <td className="px-4 py-3 whitespace-nowrap text-ink-700">{message.kind}</td>
          <td className="px-4 py-3">
            <OutboxStatusBadge status={message.status} />
          </td>
          <td className="px-4 py-3 text-ink-700">{message.attempts}</td>
          <td className="px-4 py-3 text-ink-600">{message.lastError ?? ''}</td>
        </tr>
      ))}
    </AdminTable>
  );
}
