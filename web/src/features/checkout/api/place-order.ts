import { useCallback, useRef, useState } from 'react';
import type { z } from 'zod';
import { type CheckoutBodySchema, checkout, type Order } from '#contract';
import { ApiError, apiCall } from '#web/lib/api-client.ts';

export type CheckoutInput = z.input<typeof CheckoutBodySchema>;

/**
 * POST /api/v1/order/checkout. The Idempotency-Key makes a retry of the
 * same attempt answer the first order instead of placing another (D18).
 */
export function placeOrder(body: CheckoutInput, idempotencyKey: string) {
  return apiCall(checkout, { body, headers: { 'idempotency-key': idempotencyKey } });
}

export interface PlaceOrderState {
  /** Resolves to the order, or undefined when the shop refused (see `error`). */
  place: (body: CheckoutInput) => Promise<Order | undefined>;
  isPlacing: boolean;
  error: ApiError | null;
  /** Forgets the last refusal (what it was about has changed). */
  clearError: () => void;
}

/**
 * Places the order once per attempt: a second call while one is in flight
 * gets the same answer, and the same body sent again (a retry after a lost
 * connection) reuses its Idempotency-Key, so a double click places ONE order.
 * A changed body (another card, say) is a new attempt with a new key.
 */
export function usePlaceOrder(): PlaceOrderState {
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const inFlight = useRef<Promise<Order | undefined> | null>(null);
  const [isPlacing, setIsPlacing] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const place = useCallback((body: CheckoutInput) => {
    if (inFlight.current) return inFlight.current;
    const json = JSON.stringify(body);
    if (attempt.current?.body !== json) {
      attempt.current = { body: json, key: globalThis.crypto.randomUUID() };
    }
    const { key } = attempt.current;
    setIsPlacing(true);
    setError(null);
    const request = placeOrder(body, key)
      .catch((failure: unknown) => {
        setError(
          failure instanceof ApiError
            ? failure
            : new ApiError(0, 'Something went wrong. Please try again.'),
        );
        return undefined;
      })
      .finally(() => {
        inFlight.current = null;
        setIsPlacing(false);
      });
    inFlight.current = request;
    return request;
  }, []);

  const clearError = useCallback(() => setError(null), []);
  return { place, isPlacing, error, clearError };
}
