import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query-client.ts';
import { makeOrder } from '#web/testing/data.ts';
import { usePlaceOrder } from './place-order.ts';

let fetchMock: Mock<typeof fetch>;
const order = makeOrder();

const keyOf = (call: number) =>
  new Headers(fetchMock.mock.calls[call]?.[1]?.headers).get('Idempotency-Key');

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The hook inside the app's query client, as the checkout page has it. */
function renderPlaceOrder() {
  const queryClient = createQueryClient();
  return renderHook(() => usePlaceOrder(), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    ),
  });
}

describe('usePlaceOrder', () => {
  it('sends one request for a double click and answers both with the order', async () => {
    fetchMock.mockResolvedValue(Response.json({ success: true, result: order }));
    const { result } = renderPlaceOrder();

    let answers: unknown[] = [];
    await act(async () => {
      answers = await Promise.all([
        result.current.place({ paymentMethod: 'cash' }),
        result.current.place({ paymentMethod: 'cash' }),
      ]);
    });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(answers).toEqual([order, order]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/order/checkout');
    expect(keyOf(0)).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
  });

  it('keeps the key for a retry of the same order, and takes a new one when the order changes', async () => {
    fetchMock.mockResolvedValue(
      Response.json({ success: false, message: 'Your card was declined' }, { status: 402 }),
    );
    const { result } = renderPlaceOrder();
    const card = { name: 'A', number: '4000000000000002', expMonth: 12, expYear: 2099, cvv: '123' };

    await act(() => result.current.place({ paymentMethod: 'debit-card', card }));
    // The query library publishes a mutation's outcome on its own tick, after `place` resolves.
    await waitFor(() => expect(result.current.error?.message).toBe('Your card was declined'));
    expect(result.current.isPlacing).toBe(false);
    await act(() => result.current.place({ paymentMethod: 'debit-card', card }));
    await act(() =>
      result.current.place({
        paymentMethod: 'debit-card',
        card: { ...card, number: '4242424242424242' },
      }),
    );

    expect(keyOf(1)).toBe(keyOf(0));
    expect(keyOf(2)).not.toBe(keyOf(0));
  });
});
