import { useRef } from 'react';
import type { Design, Product, Size } from '#contract';
import { ApiError } from '#web/lib/api-client.ts';
import { useAuthToken } from '#web/lib/auth-token.ts';
import { toast } from '#web/lib/toast.ts';
import { useAddCartItem } from '../api/add-cart-item.ts';
import { useGuestCartStore } from '../stores/guest-cart-store.ts';
import { CART_MESSAGES } from '../utils/cart-lines.ts';
import { useCartLines } from './use-cart-lines.ts';

/**
 * 'Add to cart' (SPEC §4): refuses a product and size already in the cart as
 * a plain line (a double click adds one line); a line with a design is always
 * its own line (D9, D27); with a token the success toast shows before
 * the server replies and is taken back if it refuses; a visitor's line stays
 * in the browser (D17). Resolves to true when the line was added.
 */
export function useAddToCart(): (
  product: Product,
  size: Size,
  quantity: number,
  design?: Design,
) => Promise<boolean> {
  const token = useAuthToken();
  const { list } = useCartLines();
  const addCartItem = useAddCartItem();
  const adding = useRef(new Set<string>());

  return async (product, size, quantity, design) => {
    // A design line's key is its own, so only a double click on the same design is refused.
    const key = `${product._id}:${size}:${design ? JSON.stringify(design) : 'plain'}`;
    const exists =
      !design &&
      list.some((line) => line.productId._id === product._id && line.size === size && !line.design);
    if (exists || adding.current.has(key)) {
      toast.error(CART_MESSAGES.alreadyAdded);
      return false;
    }

    if (!token) {
      const available = product.sizes[size] ?? 0;
      if (quantity > available) {
        toast.error(CART_MESSAGES.availableQuantity(available));
        return false;
      }
      useGuestCartStore.getState().addLine(product, size, quantity, design);
      toast.success(CART_MESSAGES.added);
      return true;
    }

    const successToast = toast.success(CART_MESSAGES.added);
    adding.current.add(key);
    try {
      await addCartItem.mutateAsync({ productId: product._id, size, quantity, design });
      return true;
    } catch (error) {
      toast.dismiss(successToast);
      toast.error(
        error instanceof ApiError && error.status === 409 ? error.message : CART_MESSAGES.addFailed,
      );
      return false;
    } finally {
      adding.current.delete(key);
    }
  };
}
