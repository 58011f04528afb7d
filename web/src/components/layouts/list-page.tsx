import { Link } from 'react-router';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { ListResult, type ListResultProps } from '#web/components/ui/query-result.tsx';
import { EmptyState } from '#web/components/ui/status-message.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

interface ListPageProps<Item> extends Omit<ListResultProps<Item>, 'empty'> {
  /** The heading, and the tab's title. */
  title: string;
  /** What an empty list says, and where it leads instead. */
  empty: { title: string; text: string; action: { label: string; to: string } };
}

/** A page that is one list of the shopper's own things (orders, designs), one card under another. */
export function ListPage<Item>({ title, empty, ...list }: ListPageProps<Item>) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-ink-900">{title}</h1>
      <div className="mt-6">
        <ListResult
          {...list}
          empty={
            <EmptyState
              title={empty.title}
              actions={
                <Link to={empty.action.to} className={buttonStyles()}>
                  {empty.action.label}
                </Link>
              }
            >
              {empty.text}
            </EmptyState>
          }
        />
      </div>
    </section>
  );
}
