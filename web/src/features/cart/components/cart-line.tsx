import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import {
  type CartItem,
  DELIVERY_DAYS,
  formatRupees,
  isNamedPiece,
  letteringText,
  NAMED_PIECE_QUANTITY_MESSAGE,
  nextBreakText,
  unitPriceText,
} from '#contract';
import { TrashIcon } from '#web/components/ui/icons.tsx';
import { QuantityStepper } from '#web/components/ui/quantity-stepper.tsx';
import { ThumbnailImage } from '#web/components/ui/thumbnail-image.tsx';
import { paths } from '#web/config/paths.ts';
import type { useCartLineActions } from '../hooks/use-cart-line-actions.ts';

/**
 * Only a designed line draws its design: the renderer, its font metrics and
 * the design schemas (~40 KB brotli) load then, not on every cart's first
 * load (decision 027).
 */
const DesignThumbnails = lazy(() =>
  import('#web/components/ui/design-thumbnail.tsx').then((module) => ({
    default: module.DesignThumbnails,
  })),
);

/** SPEC §2 Cart: express delivery in 3 days (D11 dates the order the same way). */
export const EXPRESS_DELIVERY_TEXT = `Express delivery in ${DELIVERY_DAYS} days`;

/**
 * "Classic Tee, size M": names a line for its buttons, as the same product may
 * come in two sizes; a designed line says so, as it may sit beside a plain one (D27).
 */
export function cartLineLabel(line: CartItem): string {
  const lettering = line.personalisation ? `, ${letteringText(line.personalisation)}` : '';
  return `${line.productId.title}, size ${line.size}${line.design ? ', your design' : ''}${lettering}`;
}

/** One cart line: select box, picture, details, price, remove and quantity (SPEC §2 Cart). */
export function CartLine({
  line,
  actions,
}: {
  line: CartItem;
  actions: ReturnType<typeof useCartLineActions>;
}) {
  const product = line.productId;
  const label = cartLineLabel(line);

  return (
    <li className="flex gap-3 rounded-2xl border border-ink-200 bg-white p-3 shadow-sm sm:gap-4 sm:p-4">
      <input
        type="checkbox"
        checked={line.selected}
        onChange={(event) => actions.setSelected(line, event.target.checked)}
        aria-label={`Select ${label}`}
        className="mt-1 size-5 shrink-0 cursor-pointer accent-brand-600"
      />
      {line.design ? (
        // A designed line shows its garment with the design, not the product's photo.
        <div className="w-20 shrink-0 sm:w-28">
          <Suspense fallback={<div className="aspect-[4/5] w-full rounded-xl bg-ink-100" />}>
            <DesignThumbnails
              design={line.design}
              printAreas={product.customisation.printAreas}
              garment={product.garment}
              color={product.color}
              personalisation={line.personalisation}
              className="w-full"
              direction="column"
            />
          </Suspense>
        </div>
      ) : (
        <Link
          to={paths.product(product._id)}
          tabIndex={-1}
          aria-hidden="true"
          className="size-20 shrink-0 overflow-hidden rounded-xl bg-ink-100 sm:size-28"
        >
          <ThumbnailImage url={product.images[0]?.url} pixels={112} />
        </Link>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 font-semibold text-ink-900">
            <Link
              to={paths.product(product._id)}
              className="rounded-sm hover:text-brand-700 hover:underline"
            >
              {product.title}
            </Link>
          </h3>
          <button
            type="button"
            onClick={() => actions.remove(line)}
            aria-label={`Remove ${label} from the cart`}
            className="-mt-1 -mr-1 inline-flex size-9 shrink-0 items-center justify-center rounded-full text-ink-600 transition-colors hover:bg-red-50 hover:text-red-700"
          >
            <TrashIcon className="size-5" />
          </button>
        </div>
        <p className="text-sm text-ink-600">{product.gender}</p>
        <p className="text-xs font-medium text-emerald-700">{EXPRESS_DELIVERY_TEXT}</p>
        <p className="text-sm text-ink-700">
          Size: <span className="font-semibold text-ink-900">{line.size}</span>
          {line.design ? (
            <>
              {' · '}Colour:{' '}
              <span className="font-semibold text-ink-900">{product.color.name}</span>
            </>
          ) : null}
        </p>
        {line.personalisation ? (
          <p className="text-sm text-ink-700">
            Name and number:{' '}
            <span className="font-semibold text-ink-900">
              {letteringText(line.personalisation)}
            </span>
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-4 gap-y-2 pt-2">
          <QuantityStepper
            size="sm"
            value={line.quantity}
            itemLabel={label}
            increaseBlockedReason={isNamedPiece(line) ? NAMED_PIECE_QUANTITY_MESSAGE : undefined}
            onDecrease={() => actions.stepQuantity(line, -1)}
            onIncrease={() => actions.stepQuantity(line, 1)}
          />
          <p className="text-right">
            <span className="block font-bold text-ink-900">{formatRupees(line.totalPrice)}</span>
            {line.quantity > 1 || line.priceBreak ? (
              <span className="block text-xs text-ink-600">
                {unitPriceText(line.unitPrice, line.priceBreak)}
              </span>
            ) : null}
            {line.nextBreak ? (
              <span className="block text-xs font-medium text-emerald-700">
                {nextBreakText(line.nextBreak)}
              </span>
            ) : null}
          </p>
        </div>
      </div>
    </li>
  );
}
