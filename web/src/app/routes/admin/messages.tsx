import { useSearchParams } from 'react-router';
import { CardSection } from '#web/components/ui/card-section.tsx';
import { PagedList } from '#web/components/ui/query-result.tsx';
import { paths } from '#web/config/paths.ts';
import { AdminShell } from '#web/features/admin/components/admin-shell.tsx';
import {
  useContactMessages,
  useNewsletterSubscribers,
} from '#web/features/messages/api/admin-messages.ts';
import { ContactMessageList } from '#web/features/messages/components/contact-message-list.tsx';
import { DownloadCsvButton } from '#web/features/messages/components/download-csv-button.tsx';
import { formatDateTime } from '#web/utils/format-date.ts';

const pageOf = (value: string | null) => Math.max(1, Number(value) || 1);

/** /admin/messages: contact messages to answer and the newsletter's subscribers. */
export function AdminMessagesRoute() {
  const [params] = useSearchParams();
  const page = pageOf(params.get('page'));
  const subscribersPage = pageOf(params.get('subscribers'));
  const messages = useContactMessages(page);
  const subscribers = useNewsletterSubscribers(subscribersPage);
  const hrefFor = (next: { page?: number; subscribers?: number }) => {
    const query = new URLSearchParams({
      page: String(next.page ?? page),
      subscribers: String(next.subscribers ?? subscribersPage),
    });
    return `${paths.adminMessages()}?${query}`;
  };

  return (
    <AdminShell title="Messages">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <CardSection title="Contact messages" id="contact-messages">
          <PagedList
            query={messages}
            loading="Loading messages..."
            empty="No messages yet."
            pagination={{ label: 'Message pages', hrefFor: (value) => hrefFor({ page: value }) }}
          >
            {(results) => <ContactMessageList messages={results} />}
          </PagedList>
        </CardSection>
        <CardSection title="Newsletter subscribers" id="subscribers" aside={<DownloadCsvButton />}>
          <PagedList
            query={subscribers}
            loading="Loading subscribers..."
            empty={<p className="text-ink-600">No subscribers yet.</p>}
            pagination={{
              label: 'Subscriber pages',
              hrefFor: (value) => hrefFor({ subscribers: value }),
            }}
          >
            {(results, { total }) => (
              <>
                <p className="text-sm text-ink-600">{total} in all</p>
                <ul className="divide-y divide-ink-100 text-sm">
                  {results.map((subscriber) => (
                    <li key={subscriber._id} className="py-2">
                      <span className="block break-all text-ink-900">{subscriber.email}</span>
                      <time dateTime={subscriber.createdAt} className="text-xs text-ink-600">
                        {formatDateTime(subscriber.createdAt)}
                      </time>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </PagedList>
        </CardSection>
      </div>
    </AdminShell>
  );
}
