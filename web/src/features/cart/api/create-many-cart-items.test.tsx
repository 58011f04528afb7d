import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Design } from '#contract';
import { clearAuthToken, setAuthToken } from '#web/lib/auth-token.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { makeProduct, makeTextLayer } from '#web/testing/data.ts';
import { apiOk, mockApi } from '#web/testing/mock-api.ts';
import { useMergeGuestCart } from '../hooks/use-merge-guest-cart.ts';
import { useGuestCartStore } from '../stores/guest-cart-store.ts';
import { useCreateManyCartItems } from './create-many-cart-items.ts';

const design: Design = { front: [makeTextLayer()], back: [] };
const product = makeProduct({ price: 499, sizes: { S: 5, M: 10, L: 3 } });
const cart = () => useGuestCartStore.getState();

function renderInQueryClient<T>(hook: () => T) {
  const queryClient = createQueryClient();
  return renderHook(hook, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    ),
  });
}

beforeEach(() => {
  clearAuthToken();
  cart().clear();
});
afterEach(() => {
  clearAuthToken();
  vi.unstubAllGlobals();
});

describe('useCreateManyCartItems for a visitor (guest cart, D17)', () => {
  it('adds a line per size, a plain line already there growing', async () => {
    cart().addLine(product, 'M', 2);
    const { result } = renderInQueryClient(useCreateManyCartItems);
    await act(() => result.current.mutateAsync({ product, quantities: { L: 1, M: 3 } }));
    expect(cart().list.map((line) => [line.size, line.quantity, line.totalPrice])).toEqual([
      ['M', 5, 2495],
      ['L', 1, 499],
    ]);
  });

  it('is all or nothing: a size short of stock, counting the guest cart, is a 409 naming it', async () => {
    cart().addLine(product, 'L', 1);
    const before = cart().list;
    const { result } = renderInQueryClient(useCreateManyCartItems);
    await act(async () => {
      await expect(
        result.current.mutateAsync({ product, design, quantities: { S: 2, L: 3 } }),
      ).rejects.toMatchObject({
        status: 409,
        message: 'Only 2 left in size L',
        fieldErrors: [{ field: 'quantities.L', message: 'Only 2 left in size L' }],
      });
    });
    expect(cart().list).toEqual(before);
  });

  it('keeps roster pieces with their names and numbers, and merge sends them at sign-in', async () => {
    const { result } = renderInQueryClient(useCreateManyCartItems);
    await act(() =>
      result.current.mutateAsync({
        product,
        design,
        roster: [
          { size: 'M', name: 'ASHA', number: 7 },
          { size: 'S', name: 'RAVI', number: null },
        ],
      }),
    );
    expect(cart().list.map((line) => [line.size, line.quantity, line.personalisation])).toEqual([
      ['M', 1, { name: 'ASHA', number: 7 }],
      ['S', 1, { name: 'RAVI', number: null }],
    ]);

    const { requests } = mockApi({ 'POST /cart/merge': apiOk([]) });
    setAuthToken('token');
    const merge = renderInQueryClient(useMergeGuestCart);
    await act(() => merge.result.current());
    expect(requests[0]?.body).toEqual({
      items: [
        {
          productId: product._id,
          size: 'M',
          quantity: 1,
          design,
          personalisation: { name: 'ASHA', number: 7 },
        },
        {
          productId: product._id,
          size: 'S',
          quantity: 1,
          design,
          personalisation: { name: 'RAVI', number: null },
        },
      ],
    });
    expect(cart().list).toEqual([]);
  });

  it('refuses a repeated roster row, naming both rows', async () => {
    const { result } = renderInQueryClient(useCreateManyCartItems);
    const row = { size: 'M', name: 'ASHA', number: 7 } as const;
    await act(async () => {
      await expect(
        result.current.mutateAsync({ product, design, roster: [row, row] }),
      ).rejects.toMatchObject({
        status: 400,
        message: 'Row 2 repeats row 1: the same size, name and number',
      });
    });
    expect(cart().list).toEqual([]);
  });
});

describe('useCreateManyCartItems for a signed-in shopper', () => {
  it('sends the pieces to create-many and answers the server’s cart', async () => {
    setAuthToken('token');
    const { requests } = mockApi({ 'POST /cart/create-many': apiOk([], 201) });
    const { result } = renderInQueryClient(useCreateManyCartItems);
    await act(() => result.current.mutateAsync({ product, design, quantities: { S: 4 } }));
    expect(requests.map((request) => [request.path, request.body])).toEqual([
      ['/cart/create-many', { productId: product._id, design, quantities: { S: 4 } }],
    ]);
    expect(cart().list).toEqual([]);
  });
});
