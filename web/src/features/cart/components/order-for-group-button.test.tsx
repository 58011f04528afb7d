import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAuthToken, setAuthToken } from '#web/lib/auth-token.ts';
import { makeProduct } from '#web/testing/data.ts';
import { apiFail, apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { useGuestCartStore } from '../stores/guest-cart-store.ts';
import { OrderForGroupButton } from './order-for-group-button.tsx';

const product = makeProduct({ price: 499, sizes: { S: 5, M: 10, L: 3, XL: 0 } });

function renderButton() {
  return renderRoutes([
    { path: '/', element: <OrderForGroupButton product={product} /> },
    { path: '/cart', element: <h1>Cart page</h1> },
  ]);
}

beforeEach(() => {
  clearAuthToken();
  useGuestCartStore.getState().clear();
});
afterEach(() => {
  clearAuthToken();
  vi.unstubAllGlobals();
});

describe("'Order for a group' (the size matrix, issue 29)", () => {
  it('shows every size with its stock and a quantity each, the pieces and the price each', async () => {
    const { user } = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Order for a group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order for a group' });
    expect(dialog).toBeVisible();
    expect(screen.getByLabelText('S quantity')).toHaveAccessibleDescription('5 in stock');
    expect(screen.getByLabelText('L quantity')).toHaveAccessibleDescription('3 in stock');
    expect(screen.getByLabelText('XL quantity')).toBeDisabled();
    expect(screen.getByLabelText('XL quantity')).toHaveAccessibleDescription('Sold out');
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();

    await user.type(screen.getByLabelText('S quantity'), '4');
    await user.type(screen.getByLabelText('M quantity'), '10');
    expect(screen.getByTestId('size-matrix-pieces')).toHaveTextContent('14');
    expect(screen.getByTestId('size-matrix-each')).toHaveTextContent('₹499');
    expect(screen.getByTestId('size-matrix-total')).toHaveTextContent('₹6,986');
  });

  it("prices the pieces with the product's breaks and offers the next one", async () => {
    const withBreaks = makeProduct({
      price: 500,
      sizes: { S: 20, M: 20 },
      priceBreaks: [
        { minQuantity: 10, percentOff: 10 },
        { minQuantity: 25, percentOff: 20 },
      ],
    });
    const { user } = renderRoutes([
      { path: '/', element: <OrderForGroupButton product={withBreaks} /> },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Order for a group' }));
    await user.type(await screen.findByLabelText('S quantity'), '6');
    expect(screen.getByTestId('size-matrix-each')).toHaveTextContent('₹500');
    expect(screen.getByTestId('size-matrix-next-break')).toHaveTextContent(
      'Add 4 more for ₹450.00 each',
    );
    await user.type(screen.getByLabelText('M quantity'), '6');
    expect(screen.getByTestId('size-matrix-each')).toHaveTextContent('₹450');
    expect(screen.getByTestId('size-matrix-next-break')).toHaveTextContent(
      'Add 13 more for ₹400.00 each',
    );
  });

  it('adds them all with one button (a visitor: the guest cart) and opens the cart', async () => {
    const { user, router } = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Order for a group' }));
    await user.type(await screen.findByLabelText('S quantity'), '2');
    await user.type(screen.getByLabelText('L quantity'), '3');
    await user.click(screen.getByRole('button', { name: 'Add 5 pieces to cart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(useGuestCartStore.getState().list.map((line) => [line.size, line.quantity])).toEqual([
      ['S', 2],
      ['L', 3],
    ]);
  });

  it('shows a 409 by the size it names, and keeps the grid open', async () => {
    setAuthToken('token');
    const message = 'Only 1 left in size L';
    const { requests } = mockApi({
      'POST /cart/create-many': apiFail(409, message, [{ field: 'quantities.L', message }]),
    });
    const { user, router } = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Order for a group' }));
    await user.type(await screen.findByLabelText('M quantity'), '4');
    await user.type(screen.getByLabelText('L quantity'), '2');
    await user.click(screen.getByRole('button', { name: 'Add 6 pieces to cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('L quantity')).toHaveAccessibleDescription(
      `3 in stock ${message}`,
    );
    expect(screen.getByLabelText('L quantity')).toBeInvalid();
    expect(requests[0]?.body).toEqual({ productId: product._id, quantities: { M: 4, L: 2 } });
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-in shopper’s pieces to the server and opens the cart', async () => {
    setAuthToken('token');
    mockApi({ 'POST /cart/create-many': apiOk([], 201) });
    const { user, router } = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Order for a group' }));
    await user.type(await screen.findByLabelText('M quantity'), '1');
    await user.click(screen.getByRole('button', { name: 'Add 1 piece to cart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
  });
});
