import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { z } from 'zod';
import { type CheckoutBodySchema, checkout, type Order } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';

export type CheckoutInput = z.input<typeof CheckoutBodySchema>;

/**
 * POST /api/v1/order/checkout. The Idempotency-Key makes a retry of the
 * same attempt answer the first order instead of placing another (D18).
 */
export function placeOrder(body: CheckoutInput, idempotencyKey: string) {
  return apiCall(checkout, { body, headers: { 'idempotency-key': idempotencyKey } });
}

/**
 * Places the order once per attempt: a second call while one is in flight
 * gets the same answer, and the same body sent again (a retry after a lost
 * connection) reuses its Idempotency-Key, so a double click places ONE order.
 * A changed body (another card, say) is a new attempt with a new key.
 * `place` resolves to the order, or undefined when the shop refused (`error`).
 */
export function usePlaceOrder() {
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const inFlight = useRef<Promise<Order | undefined> | null>(null);
  const { mutateAsync, isPending, error, reset } = useMutation({
    mutationFn: (body: CheckoutInput) => {
      const json = JSON.stringify(body);
      if (attempt.current?.body !== json) {
        attempt.current = { body: json, key: globalThis.crypto.randomUUID() };
      }
      return placeOrder(body, attempt.current.key);
    },
  });

  const place = useCallback(
    (body: CheckoutInput) => {
      inFlight.current ??= mutateAsync(body)
        .catch(() => undefined)
        .finally(() => {
          inFlight.current = null;
        });
      return inFlight.current;
    },
    [mutateAsync],
  );

  return { place, isPlacing: isPending, error, clearError: reset };
}
