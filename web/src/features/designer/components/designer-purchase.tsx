import { type ReactNode, useState } from 'react';
import {
  customisedUnitPrice,
  type Design,
  formatRupees,
  garmentKind,
  type Product,
  type ProductCustomisation,
  printedSides,
  SIZES,
  type Size,
} from '#contract';
import { DEFAULT_NAMES_AND_NUMBERS, type RosterEntry } from '#contract/names-and-numbers';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { toast } from '#web/lib/toast.ts';
import { DESIGNER_MESSAGES } from '../utils/designer-messages.ts';
import type { GuardRails } from '../utils/guard-rails.ts';
import {
  type RosterDraftRow,
  rosterDraftProblems,
  rosterEntries,
} from './names-and-numbers-panel.tsx';
import { TOUCH_TARGET } from './touch-target.ts';

const addRosterLabel = (pieces: number) =>
  pieces === 0 ? 'Add to cart' : `Add ${pieces} ${pieces === 1 ? 'piece' : 'pieces'} to cart`;

/** A piece standing for any roster row: its back is printed, whatever its name. */
const LETTERED_PIECE = { name: 'NAME', number: null };

/**
 * The live price, the size and 'Add to cart', refused while a guard rail
 * blocks the design. With names and numbers the roster's rows are the pieces:
 * each row's size, one piece each.
 */
export function DesignerPurchase({
  product,
  customisation,
  design,
  guard,
  roster,
  onAddToCart,
  onAddRosterToCart,
  renderSave,
  renderGroupOrder,
  initialSize,
}: {
  product: Product;
  customisation: ProductCustomisation;
  design: Design;
  guard: GuardRails;
  /** The roster when the design has names and numbers, else null. */
  roster: readonly RosterDraftRow[] | null;
  onAddToCart: (design: Design, size: Size) => Promise<boolean>;
  onAddRosterToCart?: ((design: Design, roster: RosterEntry[]) => Promise<boolean>) | undefined;
  renderSave?: ((design: Design) => ReactNode) | undefined;
  /** 'Order for a group' with this design (issue 29); `blocker` is the guard rail's refusal, if any. */
  renderGroupOrder?: ((design: Design, blocker: string | null) => ReactNode) | undefined;
  /** The size chosen on the product page (issue 28), kept when it is in stock. */
  initialSize?: Size | undefined;
}) {
  const garment = garmentKind(product.category);
  const inStock = (option: Size) => (product.sizes[option] ?? 0) > 0;
  // Issue 28: the size from the product page, else the first in stock; never asked twice.
  const [size, setSize] = useState<Size | null>(() =>
    initialSize && inStock(initialSize) ? initialSize : (SIZES.find(inStock) ?? null),
  );
  const [adding, setAdding] = useState(false);
  const [showBlocker, setShowBlocker] = useState(false);
  const piece = roster ? LETTERED_PIECE : null;
  const price = customisedUnitPrice(product.price, customisation, design, piece);
  const sizes = SIZES.filter((option) => product.sizes[option] !== undefined);
  // A design saved or shared on a style since sold out: kept and saved, not added.
  const outOfStock = !roster && !sizes.some(inStock);

  const addToCart = async () => {
    if (guard.blocker) {
      setShowBlocker(true);
      toast.error(guard.blocker, { id: 'designer-blocker' });
      return;
    }
    if (roster) {
      await addRoster(roster);
      return;
    }
    if (!size) {
      toast.error(DESIGNER_MESSAGES.selectSize, { id: 'designer-size' });
      return;
    }
    setAdding(true);
    try {
      await onAddToCart(design, size);
    } finally {
      setAdding(false);
    }
  };

  const addRoster = async (rows: readonly RosterDraftRow[]) => {
    const problem = rosterDraftProblems(
      rows,
      sizes,
      design.namesAndNumbers ?? DEFAULT_NAMES_AND_NUMBERS,
    )[0];
    if (rows.length === 0 || problem) {
      const message = problem
        ? DESIGNER_MESSAGES.rosterProblem(problem.line, problem.message)
        : DESIGNER_MESSAGES.emptyRoster;
      toast.error(message, { id: 'designer-roster' });
      return;
    }
    setAdding(true);
    try {
      await onAddRosterToCart?.(design, rosterEntries(rows));
    } finally {
      setAdding(false);
    }
  };

  return (
    <div className="space-y-4 rounded-2xl border border-ink-200 bg-white p-4 max-sm:border-0 max-sm:p-0">
      {/* On a phone the price and 'Add to cart' sit in this bar, always in view (issue 28). */}
      <div
        aria-hidden="true"
        className="fixed inset-x-0 bottom-0 z-30 m-0 h-18 border-t border-ink-200 bg-white sm:hidden"
      />
      <div
        aria-live="polite"
        className="max-sm:fixed max-sm:bottom-0 max-sm:left-0 max-sm:z-30 max-sm:m-0 max-sm:flex max-sm:h-18 max-sm:flex-col max-sm:justify-center max-sm:pl-4"
      >
        <p className="text-sm text-ink-600 max-sm:text-xs">Price per {garment}</p>
        <p
          className="text-2xl font-bold text-ink-900 max-sm:text-xl max-sm:leading-tight"
          data-testid="designer-price"
        >
          {formatRupees(price)}
        </p>
        <p className="text-xs text-ink-600 max-sm:max-w-44 max-sm:truncate">
          {formatRupees(product.price)} {garment}
          {printedSides(design, piece).map(
            (side) => ` + ${formatRupees(customisation.decorationPrice[side])} ${side} print`,
          )}
        </p>
      </div>
      {roster ? null : (
        <fieldset>
          <legend className="text-sm font-semibold text-ink-900">
            Size{size ? <span className="font-normal text-ink-600">: {size}</span> : null}
          </legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {sizes.map((option) => {
              const soldOut = (product.sizes[option] ?? 0) === 0;
              return (
                <button
                  key={option}
                  type="button"
                  disabled={soldOut}
                  aria-pressed={option === size}
                  onClick={() => setSize(option)}
                  className={`${TOUCH_TARGET} inline-flex h-10 min-w-12 items-center justify-center rounded-xl border px-3 text-sm font-semibold ${
                    option === size
                      ? 'border-ink-900 bg-ink-900 text-white'
                      : 'border-ink-300 bg-white text-ink-900 hover:border-ink-900'
                  } disabled:cursor-not-allowed disabled:border-ink-200 disabled:bg-ink-50 disabled:text-ink-500 disabled:line-through`}
                >
                  {option}
                  {soldOut ? <span className="sr-only"> (sold out)</span> : null}
                </button>
              );
            })}
          </div>
        </fieldset>
      )}
      {guard.outside.size > 0 || (showBlocker && guard.blocker) ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {guard.blocker}
        </p>
      ) : null}
      <button
        type="button"
        onClick={addToCart}
        disabled={adding || outOfStock}
        aria-describedby={guard.blocker ? 'designer-blocker' : undefined}
        className={buttonStyles({
          size: 'lg',
          className:
            'w-full max-sm:fixed max-sm:right-4 max-sm:bottom-3 max-sm:z-30 max-sm:m-0 max-sm:w-auto',
        })}
      >
        {adding
          ? 'Adding…'
          : roster
            ? addRosterLabel(roster.length)
            : outOfStock
              ? 'Out of Stock'
              : 'Add to cart'}
      </button>
      {renderGroupOrder?.(design, guard.blocker)}
      {guard.blocker ? (
        <p id="designer-blocker" className="sr-only">
          {guard.blocker}
        </p>
      ) : null}
      {renderSave?.(design)}
    </div>
  );
}
