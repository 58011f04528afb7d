import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '#web/testing/data.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { ProductCard } from './product-card.tsx';

function renderCard(...args: Parameters<typeof makeProduct>) {
  const product = makeProduct(...args);
  const view = renderWithRouter(<ProductCard product={product} index={3} />);
  return { product, card: within(screen.getByRole('article')), ...view };
}

describe('ProductCard', () => {
  it('shows a plain in-stock product: picture, title link, ₹ price, floored stars, sizes and View Details', () => {
    const { product, card } = renderCard({
      _id: 'tee-1',
      title: 'Classic Cotton T-Shirt',
      price: 1499,
      rating: 4.7,
      // Deliberately out of order: the card lists sizes smallest first.
      sizes: { XL: 2, S: 3, M: 0, L: 1 },
      isNew: false,
    });

    expect(card.getByRole('heading', { name: 'Classic Cotton T-Shirt' })).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Classic Cotton T-Shirt' })).toHaveAttribute(
      'href',
      '/product/tee-1',
    );
    expect(card.getByText('₹1,499.00')).toBeInTheDocument();
    expect(card.getByText('Sizes: S, L, XL')).toBeInTheDocument();

    const stars = card.getByRole('img', { name: 'Rated 4.7 out of 5' });
    expect(stars.querySelectorAll('[data-filled="true"]')).toHaveLength(4);

    const picture = screen.getByAltText('Classic Cotton T-Shirt');
    expect(picture).toHaveAttribute('src', product.images[0]?.url);

    expect(card.getByRole('link', { name: /View Details/ })).toHaveAttribute(
      'href',
      '/product/tee-1',
    );
    expect(card.queryByText('New')).not.toBeInTheDocument();
    expect(card.queryByText('Out of Stock')).not.toBeInTheDocument();
    expect(card.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows its colour, and how many colours its style comes in', () => {
    const { card } = renderCard({
      color: { name: 'Heather Grey', hex: '#9ca3af' },
      colors: [
        { productId: 'grey', name: 'Heather Grey', hex: '#9ca3af', inStock: true },
        { productId: 'navy', name: 'Navy', hex: '#1e3a5f', inStock: false },
        { productId: 'black', name: 'Black', hex: '#1c1c1e', inStock: true },
      ],
    });

    const colour = card.getByText('Heather Grey');
    expect(colour).toHaveTextContent('Heather Grey· 3 colours');
    expect(colour.querySelector('span[aria-hidden="true"]')).toHaveStyle({
      backgroundColor: '#9ca3af',
    });
  });

  it('names only its colour when its style has no other', () => {
    const { card } = renderCard();
    expect(card.getByText('Navy')).toBeInTheDocument();
    expect(card.queryByText(/colours/)).not.toBeInTheDocument();
  });

  it('marks a product shoppers may design on, and only such a product (issue 28)', () => {
    const designable = renderCard({
      customisation: { ...makeProduct().customisation, customisable: true },
    });
    expect(designable.card.getByText('Customisable')).toBeInTheDocument();
    designable.unmount();
    const plain = renderCard({});
    expect(plain.card.queryByText('Customisable')).not.toBeInTheDocument();
  });

  it('shows a New badge on a new product in stock', () => {
    const { card } = renderCard({ isNew: true, sizes: { M: 1 } });

    expect(card.getByText('New')).toBeInTheDocument();
    expect(card.getByText('Sizes: M')).toBeInTheDocument();
    expect(card.getByRole('link', { name: /View Details/ })).toBeInTheDocument();
  });

  it('marks a product with every size at 0 out of stock, even when new', () => {
    const { card } = renderCard({ isNew: true, sizes: { S: 0, M: 0 } });

    expect(card.getByText('No sizes')).toBeInTheDocument();
    expect(card.queryByText('New')).not.toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    // The badge and the button both say it.
    expect(card.getAllByText('Out of Stock')).toHaveLength(2);
    expect(card.queryByRole('link', { name: /View Details/ })).not.toBeInTheDocument();
  });

  it('treats a product without sizes as out of stock', () => {
    const { card } = renderCard({ sizes: {} });

    expect(card.getByText('No sizes')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  });

  it('floors the stars and names the exact rating', () => {
    const { card } = renderCard({ rating: 2.99 });

    const stars = card.getByRole('img', { name: 'Rated 3 out of 5' });
    expect(stars.querySelectorAll('[data-filled="true"]')).toHaveLength(2);
  });

  it('fades in 0.1 s × its index after the first card', () => {
    renderCard();

    expect(screen.getByRole('article')).toHaveStyle({ animationDelay: '0.3s' });
  });

  it('loads its picture lazily, or at once and first when it is on the first screen', () => {
    renderWithRouter(
      <>
        <ProductCard product={makeProduct({ _id: 'below', title: 'Below the fold' })} />
        <ProductCard product={makeProduct({ _id: 'first', title: 'First screen' })} eagerImage />
      </>,
    );
    expect(screen.getByAltText('Below the fold')).toHaveAttribute('loading', 'lazy');
    expect(screen.getByAltText('Below the fold')).not.toHaveAttribute('fetchpriority');
    expect(screen.getByAltText('First screen')).toHaveAttribute('loading', 'eager');
    expect(screen.getByAltText('First screen')).toHaveAttribute('fetchpriority', 'high');
  });
});
