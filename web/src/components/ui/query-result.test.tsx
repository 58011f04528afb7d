import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '#web/testing/render.tsx';
import { ListResult, PagedList } from './query-result.tsx';

interface Page {
  results: string[];
  page: number;
  pages: number;
  total: number;
}

function PagedNames({ load }: { load: () => Promise<Page> }) {
  const query = useQuery({ queryKey: ['names'], queryFn: load });
  return (
    <PagedList
      query={query}
      loading="Loading names..."
      empty="No names yet."
      pagination={{ label: 'Name pages', hrefFor: (page) => `/names?page=${page}` }}
    >
      {(names, { total }) => (
        <p>
          {names.join(', ')} of {total}
        </p>
      )}
    </PagedList>
  );
}

describe('PagedList', () => {
  it('shows the spinner, then the error with a retry that loads the page and its links', async () => {
    let fail = true;
    const load = vi.fn(async (): Promise<Page> => {
      if (fail) throw new Error('The shop is not answering.');
      return { results: ['Asha', 'Ravi'], page: 1, pages: 3, total: 50 };
    });
    const { user } = renderWithRouter(<PagedNames load={load} />);

    expect(screen.getByText('Loading names...')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('The shop is not answering.');

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Asha, Ravi of 50')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Name pages' });
    expect(pages.querySelector('a[href="/names?page=2"]')).not.toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says so when the page is empty, without page links', async () => {
    renderWithRouter(
      <PagedNames load={async () => ({ results: [], page: 1, pages: 0, total: 0 })} />,
    );
    expect(await screen.findByText('No names yet.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Name pages' })).toBeNull();
  });
});

function NameList({ names }: { names: string[] }) {
  const query = useQuery({ queryKey: ['all-names'], queryFn: async () => names });
  return (
    <ListResult
      query={query}
      loading="Loading..."
      empty={<p>Nobody here.</p>}
      itemKey={(name) => name}
    >
      {(name) => <span>{name}</span>}
    </ListResult>
  );
}

describe('ListResult', () => {
  it('lists each item, or shows what it is given when there are none', async () => {
    const { unmount } = renderWithRouter(<NameList names={['Asha', 'Ravi']} />);
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    unmount();

    renderWithRouter(<NameList names={[]} />);
    expect(await screen.findByText('Nobody here.')).toBeInTheDocument();
  });
});
