import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CartItem } from '#contract';
import { makeCartItem, makeProduct } from '#web/testing/data.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { useCartStore } from '../stores/cart-store.ts';
import { CartLines } from './cart-lines.tsx';

/** A visitor's cart (no token): the store changes lines locally, no server involved. */
function load(list: CartItem[]) {
  useCartStore.getState().reset();
  useCartStore.setState({ list, totalProduct: list.length });
}

const tee = makeProduct({ title: 'Chai & Code Tee', gender: 'Unisex', price: 599 });
const hoodie = makeProduct({ title: 'Mountain Hoodie', gender: 'Men', price: 1799.5 });

beforeEach(() => {
  load([
    makeCartItem({ product: tee, size: 'M', quantity: 1, sizes: { M: 2 } }),
    makeCartItem({ product: hoodie, size: 'L', quantity: 2, selected: false }),
  ]);
});

describe('CartLines', () => {
  it('shows each line: title, gender, express delivery, size and the ₹ price to 2 decimals', () => {
    renderWithRouter(<CartLines />);
    const [first, second] = screen.getAllByRole('listitem');
    if (!first || !second) throw new Error('two lines expected');

    expect(within(first).getByRole('link', { name: 'Chai & Code Tee' })).toHaveAttribute(
      'href',
      `/product/${tee._id}`,
    );
    expect(within(first).getByText('Unisex')).toBeInTheDocument();
    expect(within(first).getByText('Express delivery in 3 days')).toBeInTheDocument();
    expect(within(first).getByText('M')).toBeInTheDocument();
    expect(within(first).getByText('₹599.00')).toBeInTheDocument();
    expect(within(second).getByText('₹3,599.00')).toBeInTheDocument();
    expect(within(second).getByText('₹1,799.50 each')).toBeInTheDocument();
    expect(
      within(first).getByRole('button', { name: 'Remove Chai & Code Tee, size M from the cart' }),
    ).toBeInTheDocument();
  });

  it('counts the selected lines; select-all is on exactly when every line is selected', async () => {
    const { user } = renderWithRouter(<CartLines />);
    const selectAll = screen.getByRole('checkbox', { name: 'Select all' });
    expect(screen.getByText('1/2 items selected')).toBeInTheDocument();
    expect(selectAll).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Select Mountain Hoodie, size L' }));
    expect(screen.getByText('2/2 items selected')).toBeInTheDocument();
    expect(selectAll).toBeChecked();

    await user.click(selectAll);
    expect(screen.getByText('0/2 items selected')).toBeInTheDocument();
    expect(
      screen.getByRole('checkbox', { name: 'Select Chai & Code Tee, size M' }),
    ).not.toBeChecked();
  });

  it('blocks − at 1 and + past the stock of the size', async () => {
    const { user } = renderWithRouter(<CartLines />);
    const label = 'Chai & Code Tee, size M';
    expect(screen.getByRole('button', { name: `Decrease quantity of ${label}` })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: `Increase quantity of ${label}` }));
    expect(screen.getByRole('status', { name: `Quantity of ${label}` })).toHaveTextContent('2');
    expect(screen.getByText('₹1,198.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Increase quantity of ${label}` }));
    expect(await screen.findByText('Available quantity is 2')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: `Quantity of ${label}` })).toHaveTextContent('2');
  });

  it('removes a line', async () => {
    const { user } = renderWithRouter(<CartLines />);
    await user.click(
      screen.getByRole('button', { name: 'Remove Mountain Hoodie, size L from the cart' }),
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('1/1 items selected')).toBeInTheDocument();
  });
});
