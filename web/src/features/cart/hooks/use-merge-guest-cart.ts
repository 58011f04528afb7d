import { useCallback } from 'react';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useMergeCart } from '../api/merge-cart.ts';
import { useGuestCartStore } from '../stores/guest-cart-store.ts';

/**
 * After sign-in: the visitor's lines join the server cart (D17) and leave the
 * browser. If the merge fails they stay, so nothing is lost; the shopper is told.
 */
export function useMergeGuestCart(): () => Promise<void> {
  const { mutateAsync } = useMergeCart();
  return useCallback(async () => {
    const { list, clear } = useGuestCartStore.getState();
    if (list.length === 0) return;
    try {
      await mutateAsync({
        items: list.map((line) => ({
          productId: line.productId._id,
          size: line.size,
          quantity: line.quantity,
          // D17, D27: a visitor's designs come along.
          ...(line.design ? { design: line.design } : {}),
          // Issue 29: a roster piece keeps its name and number.
          ...(line.personalisation ? { personalisation: line.personalisation } : {}),
        })),
      });
      clear();
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  }, [mutateAsync]);
}
