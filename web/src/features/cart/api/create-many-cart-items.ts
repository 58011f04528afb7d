import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreateManyCartItemsBody,
  createManyCartItems as createManyCartItemsEndpoint,
  type Design,
  type ManyRequest,
  manyPiecesProblem,
  type Product,
  piecesOfMany,
  ROSTER_NEEDS_DESIGN_MESSAGE,
  SIZES,
} from '#contract';
import { ApiError, apiCall } from '#web/lib/api-client.ts';
import { getAuthToken } from '#web/lib/auth-token.ts';
import { useGuestCartStore } from '../stores/guest-cart-store.ts';
import { cartKeys } from './cart-keys.ts';
import { cartQueryOptions } from './get-cart.ts';

/** POST /api/v1/cart/create-many: many pieces of one product and design, all or nothing (issue 29). */
export function createManyCartItems(body: CreateManyCartItemsBody) {
  return apiCall(createManyCartItemsEndpoint, { body });
}

/** Many pieces of a product: quantities by size (the size matrix) or a roster of named pieces. */
export type CreateManyInput = ManyRequest & { product: Product; design?: Design | undefined };

/**
 * A visitor's pieces join the guest cart by the server's rules (D17): all or
 * nothing, refused with the error the server would answer.
 */
function addToGuestCart({ product, design, ...request }: CreateManyInput): void {
  if (request.roster && !design) {
    throw new ApiError(400, ROSTER_NEEDS_DESIGN_MESSAGE, [
      { field: 'design', message: ROSTER_NEEDS_DESIGN_MESSAGE },
    ]);
  }
  const { pieces, problem: rosterProblem } = piecesOfMany(request, SIZES);
  const { list, addLines } = useGuestCartStore.getState();
  const held = list.filter((line) => line.productId._id === product._id);
  const problem =
    rosterProblem ??
    manyPiecesProblem(pieces, {
      stock: product.sizes,
      holding: (size) =>
        held.filter((line) => line.size === size).reduce((sum, line) => sum + line.quantity, 0),
      plainHolding: (size) =>
        design ? 0 : (held.find((line) => line.size === size && !line.design)?.quantity ?? 0),
      roster: request.roster !== undefined,
    });
  if (problem) {
    throw new ApiError(problem.status, problem.message, [
      { field: problem.field, message: problem.message },
    ]);
  }
  addLines(product, pieces, design);
}

/**
 * Adds many pieces at once (the size matrix, a roster): with a token the
 * server's answer is the cached cart; a visitor's pieces stay in the browser.
 * A refusal rejects with an ApiError whose field names the size (409 for stock).
 */
export function useCreateManyCartItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateManyInput) => {
      if (!getAuthToken()) {
        addToGuestCart(input);
        return null;
      }
      const { product, design, quantities, roster } = input;
      return createManyCartItems({
        productId: product._id,
        ...(design && { design }),
        ...(quantities && { quantities }),
        ...(roster && { roster: [...roster] }),
      });
    },
    onSuccess: (list) => {
      if (list) queryClient.setQueryData(cartQueryOptions().queryKey, list);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.quotes }),
  });
}
