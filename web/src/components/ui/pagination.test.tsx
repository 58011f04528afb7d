import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '#web/testing/render.tsx';
import { Pagination, pageWindow } from './pagination.tsx';

describe('pageWindow', () => {
  it('lists every page when there are few', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('skips distant pages with a gap, never hiding a single page behind one', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, null, 20]);
    expect(pageWindow(10, 20)).toEqual([1, null, 9, 10, 11, null, 20]);
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
    expect(pageWindow(20, 20)).toEqual([1, null, 17, 18, 19, 20]);
  });
});

describe('Pagination', () => {
  it('links every page, marks the current one and disables Previous on the first', () => {
    renderWithRouter(
      <Pagination page={1} pages={3} hrefFor={(page) => `/products?page=${page}`} />,
    );

    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Page 3' })).toHaveAttribute(
      'href',
      '/products?page=3',
    );
    expect(screen.queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
    expect(screen.getByText('Previous')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/products?page=2');
  });

  it('shows nothing for a single page', () => {
    renderWithRouter(<Pagination page={1} pages={1} hrefFor={() => '/'} />);

    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
