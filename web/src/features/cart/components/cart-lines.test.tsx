import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CartItem, NAMED_PIECE_QUANTITY_MESSAGE } from '#contract';
import { makeCartItem, makeProduct } from '#web/testing/data.ts';
import { apiFail, apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { QUANTITY_SETTLE_MS } from '../api/update-cart-item.ts';
import { useGuestCartStore } from '../stores/guest-cart-store.ts';
import { CartLines } from './cart-lines.tsx';

const tee = makeProduct({ title: 'Chai & Code Tee', gender: 'Unisex', price: 599 });
const hoodie = makeProduct({ title: 'Mountain Hoodie', gender: 'Men', price: 1799.5 });
const teeLabel = 'Chai & Code Tee, size M';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => {
    toast.remove();
    useGuestCartStore.getState().clear();
  });
});

describe("CartLines, a visitor's cart (D17: changed in the browser, no server)", () => {
  beforeEach(() => {
    const list: CartItem[] = [
      makeCartItem({ product: tee, size: 'M', quantity: 1, sizes: { M: 2 } }),
      makeCartItem({ product: hoodie, size: 'L', quantity: 2, selected: false }),
    ];
    useGuestCartStore.setState({ list, totalProduct: list.length });
  });

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
      within(first).getByRole('button', { name: `Remove ${teeLabel} from the cart` }),
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
    expect(screen.getByRole('checkbox', { name: `Select ${teeLabel}` })).not.toBeChecked();
  });

  it('blocks − at 1 and + past the stock of the size', async () => {
    const { user } = renderWithRouter(<CartLines />);
    expect(screen.getByRole('button', { name: `Decrease quantity of ${teeLabel}` })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: `Increase quantity of ${teeLabel}` }));
    expect(screen.getByRole('status', { name: `Quantity of ${teeLabel}` })).toHaveTextContent('2');
    expect(screen.getByText('₹1,198.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Increase quantity of ${teeLabel}` }));
    expect(await screen.findByText('Available quantity is 2')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: `Quantity of ${teeLabel}` })).toHaveTextContent('2');
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

describe("CartLines, a signed-in shopper's cart (server state)", () => {
  const line = makeCartItem({ product: tee, size: 'M', quantity: 1, sizes: { M: 9 } });
  const quantityOf = () => screen.getByRole('status', { name: `Quantity of ${teeLabel}` });
  const increase = () => screen.getByRole('button', { name: `Increase quantity of ${teeLabel}` });

  beforeEach(() => {
    localStorage.setItem('token', 'token-1');
  });

  it('never loses a tap: three quick taps on + show at once and send ONE request for 4', async () => {
    const api = mockApi({
      'GET /cart/get-all': apiOk([line]),
      [`PUT /cart/update/${line._id}`]: ({ body }) => {
        const { quantity } = body as { quantity: number };
        return apiOk({ ...line, quantity, totalPrice: 599 * quantity });
      },
    });
    const { user } = renderWithRouter(<CartLines />);
    await screen.findByRole('listitem');

    await user.click(increase());
    await user.click(increase());
    await user.click(increase());

    expect(quantityOf()).toHaveTextContent('4');
    expect(screen.getByText('₹2,396.00')).toBeInTheDocument();
    const updates = () => api.requests.filter((request) => request.method === 'PUT');
    await waitFor(() => expect(updates()).toHaveLength(1), {
      timeout: QUANTITY_SETTLE_MS * 3,
    });
    expect(updates()[0]?.body).toEqual({ quantity: 4 });
    expect(quantityOf()).toHaveTextContent('4');
  });

  it('counts taps that land before the cart re-renders (each step starts from the cache)', async () => {
    const api = mockApi({
      'GET /cart/get-all': apiOk([line]),
      [`PUT /cart/update/${line._id}`]: ({ body }) => {
        const { quantity } = body as { quantity: number };
        return apiOk({ ...line, quantity, totalPrice: 599 * quantity });
      },
    });
    renderWithRouter(<CartLines />);
    await screen.findByRole('listitem');

    // The query cache tells its observers on a later tick, so these three
    // clicks all reach the same rendered line, as fast clicks in a browser can.
    const button = increase();
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);

    await waitFor(() => expect(quantityOf()).toHaveTextContent('4'));
    const updates = () => api.requests.filter((request) => request.method === 'PUT');
    await waitFor(() => expect(updates()).toHaveLength(1), {
      timeout: QUANTITY_SETTLE_MS * 3,
    });
    expect(updates()[0]?.body).toEqual({ quantity: 4 });
  });

  it("rolls back to the server's quantity with its reason when it refuses (D9)", async () => {
    mockApi({
      'GET /cart/get-all': apiOk([line]),
      [`PUT /cart/update/${line._id}`]: apiFail(409, 'Available quantity is 2'),
    });
    const { user } = renderWithRouter(<CartLines />);
    await screen.findByRole('listitem');

    await user.click(increase());
    await user.click(increase());
    expect(quantityOf()).toHaveTextContent('3');

    expect(
      await screen.findByText('Available quantity is 2', undefined, {
        timeout: QUANTITY_SETTLE_MS * 3,
      }),
    ).toBeInTheDocument();
    expect(quantityOf()).toHaveTextContent('1');
  });

  it('puts a refused removal back in its place with the reason', async () => {
    const other = makeCartItem({ product: hoodie, size: 'L' });
    mockApi({
      'GET /cart/get-all': apiOk([line, other]),
      [`DELETE /cart/remove-product/${line._id}`]: apiFail(404, 'Cart item not found'),
    });
    const { user } = renderWithRouter(<CartLines />);
    await user.click(
      await screen.findByRole('button', { name: `Remove ${teeLabel} from the cart` }),
    );

    expect(await screen.findByText('Cart item not found')).toBeInTheDocument();
    const [first] = screen.getAllByRole('listitem');
    expect(first).toHaveTextContent('Chai & Code Tee');
  });
});

describe('CartLines, price by quantity (issue 29)', () => {
  const teamTee = makeProduct({
    title: 'Team Tee',
    price: 599,
    sizes: { M: 30 },
    priceBreaks: [
      { minQuantity: 10, percentOff: 10 },
      { minQuantity: 25, percentOff: 15 },
    ],
  });

  it('shows the unit price with its break and the next break, repriced as the quantity moves', async () => {
    act(() => useGuestCartStore.getState().addLine(teamTee, 'M', 9));
    const { user } = renderWithRouter(<CartLines />);
    expect(screen.getByText('₹599.00 each')).toBeInTheDocument();
    expect(screen.getByText('Add 1 more for ₹539.10 each')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /increase/i }));
    expect(screen.getByText('₹539.10 each (10% off for 10+)')).toBeInTheDocument();
    expect(screen.getByText('Add 15 more for ₹509.15 each')).toBeInTheDocument();
    expect(screen.getByText('₹5,391.00')).toBeInTheDocument();
  });
});

describe('CartLines, a named roster piece (issue 29)', () => {
  const namedLabel = 'Chai & Code Tee, size M, your design, ASHA · 7';

  it('keeps it at one piece: + is disabled with the reason, and no request goes', async () => {
    const named: CartItem = {
      ...makeCartItem({ product: tee, size: 'M', quantity: 1, sizes: { M: 9 } }),
      design: { front: [], back: [] },
      personalisation: { name: 'ASHA', number: 7 },
    };
    useGuestCartStore.setState({ list: [named], totalProduct: 1 });
    renderWithRouter(<CartLines />);
    const increase = screen.getByRole('button', { name: `Increase quantity of ${namedLabel}` });
    expect(increase).toBeDisabled();
    expect(increase).toHaveAccessibleDescription(NAMED_PIECE_QUANTITY_MESSAGE);
    expect(screen.getByText(NAMED_PIECE_QUANTITY_MESSAGE)).toBeVisible();
    expect(screen.getByRole('status', { name: `Quantity of ${namedLabel}` })).toHaveTextContent(
      '1',
    );
  });

  it('leaves + enabled, with no reason, on a line without a name', () => {
    const list = [makeCartItem({ product: tee, size: 'M', quantity: 1, sizes: { M: 9 } })];
    useGuestCartStore.setState({ list, totalProduct: 1 });
    renderWithRouter(<CartLines />);
    expect(screen.getByRole('button', { name: `Increase quantity of ${teeLabel}` })).toBeEnabled();
    expect(screen.queryByText(NAMED_PIECE_QUANTITY_MESSAGE)).not.toBeInTheDocument();
  });
});
