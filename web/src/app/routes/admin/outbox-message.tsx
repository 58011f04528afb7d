import { useParams } from 'react-router';
import { BackLink } from '#web/components/ui/back-link.tsx';
import { QueryResult } from '#web/components/ui/query-result.tsx';
import { paths } from '#web/config/paths.ts';
import { AdminShell } from '#web/features/admin/components/admin-shell.tsx';
import { useOutboxMessage } from '#web/features/mail/api/outbox.ts';
import { OutboxMessageView } from '#web/features/mail/components/outbox-message-view.tsx';

/** /admin/outbox/:id: one email as it was rendered, HTML and plain text. */
export function AdminOutboxMessageRoute() {
  const { id = '' } = useParams();
  const message = useOutboxMessage(id);
  return (
    <AdminShell title="Email">
      <BackLink to={paths.adminOutbox()}>Outbox</BackLink>
      <div className="mt-4">
        <QueryResult query={message} loading="Loading email...">
          {(data) => <OutboxMessageView message={data} />}
        </QueryResult>
      </div>
    </AdminShell>
  );
}
