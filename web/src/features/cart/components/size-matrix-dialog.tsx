import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  customisedUnitPrice,
  type Design,
  formatRupees,
  MAX_LINE_QUANTITY,
  nextBreakText,
  nextPriceBreak,
  type Product,
  SIZES,
  type Size,
  unitPaiseAfterBreak,
} from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { paths } from '#web/config/paths.ts';
import { ApiError, getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useCreateManyCartItems } from '../api/create-many-cart-items.ts';

export const SIZE_MATRIX_MESSAGES = {
  added: (pieces: number) => `${pieces} ${pieces === 1 ? 'piece' : 'pieces'} added to cart`,
  stock: (stock: number) => (stock > 0 ? `${stock} in stock` : 'Sold out'),
} as const;

/** A typed quantity as a count from 0 to the line's most; anything unreadable is 0. */
function toQuantity(typed: string): number {
  const value = Number.parseInt(typed, 10);
  return Number.isFinite(value) ? Math.min(Math.max(value, 0), MAX_LINE_QUANTITY) : 0;
}

/**
 * The size matrix (issue 29): every size of the product with its stock and a
 * quantity, the pieces in all and the price each, and one button that adds
 * them all (a line per size) and opens the cart. A size the server refuses
 * shows its message beside that size.
 */
export function SizeMatrixDialog({
  product,
  design,
  onClose,
}: {
  product: Product;
  design?: Design | undefined;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const createMany = useCreateManyCartItems();
  const [typed, setTyped] = useState<Partial<Record<Size, string>>>({});
  const sizes = SIZES.filter((size) => product.sizes[size] !== undefined);
  const quantities = Object.fromEntries(
    sizes.map((size) => [size, toQuantity(typed[size] ?? '')]).filter(([, count]) => count),
  ) as Partial<Record<Size, number>>;
  const pieces = Object.values(quantities).reduce((sum, count) => sum + count, 0);
  const unitPaise = Math.round(
    customisedUnitPrice(product.price, product.customisation, design ?? null) * 100,
  );
  const eachPaise = unitPaiseAfterBreak(unitPaise, product.priceBreaks, Math.max(pieces, 1));
  const next = pieces > 0 ? nextPriceBreak(product.priceBreaks, pieces) : null;
  const error = createMany.error;
  const sizeError = (size: Size) =>
    error instanceof ApiError ? error.fieldError(`quantities.${size}`) : undefined;
  const generalError =
    error && !sizes.some((size) => sizeError(size)) ? getErrorMessage(error) : null;

  const addAll = async () => {
    try {
      await createMany.mutateAsync({ product, design, quantities });
    } catch {
      return; // Shown beside its size, or under the grid.
    }
    toast.success(SIZE_MATRIX_MESSAGES.added(pieces));
    onClose();
    await navigate(paths.cart());
  };

  return (
    <Dialog
      title="Order for a group"
      description={`How many of each size? ${design ? 'Every piece has your design. ' : ''}They are added to the cart together.`}
      closeLabel="Close order for a group"
      onClose={onClose}
    >
      <form
        className="mt-2"
        onSubmit={(event) => {
          event.preventDefault();
          void addAll();
        }}
      >
        <ul className="divide-y divide-ink-100">
          {sizes.map((size) => {
            const stock = product.sizes[size] ?? 0;
            const message = sizeError(size);
            const inputId = `size-matrix-${size}`;
            return (
              <li key={size} className="py-2">
                <div className="flex items-center gap-3">
                  <label htmlFor={inputId} className="w-12 text-base font-semibold text-ink-900">
                    {size}
                    <span className="sr-only"> quantity</span>
                  </label>
                  <span className="flex-1 text-sm text-ink-600" id={`${inputId}-stock`}>
                    {SIZE_MATRIX_MESSAGES.stock(stock)}
                  </span>
                  <input
                    id={inputId}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={Math.min(stock, MAX_LINE_QUANTITY)}
                    disabled={stock === 0}
                    value={typed[size] ?? ''}
                    placeholder="0"
                    onChange={(event) => setTyped({ ...typed, [size]: event.target.value })}
                    aria-describedby={`${inputId}-stock${message ? ` ${inputId}-error` : ''}`}
                    aria-invalid={message ? true : undefined}
                    className="h-11 w-20 rounded-xl border border-ink-300 px-3 text-right text-base disabled:bg-ink-50"
                  />
                </div>
                {message ? (
                  <p
                    id={`${inputId}-error`}
                    role="alert"
                    className="mt-1 text-sm font-medium text-red-700"
                  >
                    {message}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
        <dl className="mt-4 grid grid-cols-2 gap-1 border-t border-ink-200 pt-3 text-sm">
          <dt className="text-ink-600">Pieces</dt>
          <dd className="text-right font-semibold text-ink-900" data-testid="size-matrix-pieces">
            {pieces}
          </dd>
          <dt className="text-ink-600">Price each</dt>
          <dd className="text-right font-semibold text-ink-900" data-testid="size-matrix-each">
            {formatRupees(eachPaise / 100)}
          </dd>
          <dt className="text-ink-600">Total</dt>
          <dd
            className="text-right text-base font-bold text-ink-900"
            data-testid="size-matrix-total"
          >
            {formatRupees((eachPaise * pieces) / 100)}
          </dd>
        </dl>
        {next && (
          <p
            className="mt-2 text-sm font-medium text-green-800"
            data-testid="size-matrix-next-break"
          >
            {nextBreakText({
              piecesToGo: next.piecesToGo,
              unitPrice:
                unitPaiseAfterBreak(unitPaise, product.priceBreaks, next.priceBreak.minQuantity) /
                100,
            })}
          </p>
        )}
        {generalError ? (
          <p
            role="alert"
            className="mt-3 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800"
          >
            {generalError}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={pieces === 0 || createMany.isPending}
          className={buttonStyles({ size: 'lg', className: 'mt-4 w-full' })}
        >
          {createMany.isPending
            ? 'Adding…'
            : pieces === 0
              ? 'Add to cart'
              : `Add ${pieces} ${pieces === 1 ? 'piece' : 'pieces'} to cart`}
        </button>
      </form>
    </Dialog>
  );
}
