import { OUTBOX_STATUSES } from '#contract';
import {
  StatusFilteredList,
  useStatusAndPage,
} from '#web/components/admin/status-filtered-list.tsx';
import { paths } from '#web/config/paths.ts';
import { AdminShell } from '#web/features/admin/components/admin-shell.tsx';
import { useOutbox } from '#web/features/mail/api/outbox.ts';
import { OutboxTable } from '#web/features/mail/components/outbox-table.tsx';

/** /admin/outbox: every email the shop sent or would send, with its delivery status (D29). */
export function AdminOutboxRoute() {
  const { page, status } = useStatusAndPage(OUTBOX_STATUSES);
  return (
    <AdminShell title="Outbox">
      <StatusFilteredList
        labels={{
          status: 'Outbox status',
          pages: 'Outbox pages',
          loading: 'Loading emails...',
          empty: 'No emails yet.',
        }}
        statuses={OUTBOX_STATUSES}
        status={status}
        hrefFor={paths.adminOutbox}
        query={useOutbox(page, status)}
      >
        {(messages) => <OutboxTable messages={messages} />}
      </StatusFilteredList>
    </AdminShell>
  );
}
