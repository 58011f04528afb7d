import { Link } from 'react-router';
import type { Product } from '#contract';
import { paths } from '#web/config/paths.ts';

/** What a colour's swatch is called: its name, and whether it is sold out (decision 018). */
export const colorLabel = (color: { name: string; inStock: boolean }) =>
  color.inStock ? color.name : `${color.name} (sold out)`;

interface ColorSwatchesProps {
  product: Pick<Product, '_id' | 'color' | 'colors' | 'sizes'>;
}

/**
 * The colours of the product's style (decision 018): each swatch links to
 * that colour's own product page, so the URL, pictures and stock follow the
 * choice; a sold-out colour is crossed out and says so.
 */
export function ColorSwatches({ product }: ColorSwatchesProps) {
  return (
    <div className="mt-6">
      <p aria-hidden="true" className="text-sm font-semibold text-ink-900">
        Colour<span className="font-normal text-ink-600">: {product.color.name}</span>
      </p>
      <ul aria-label={`Colours, ${product.color.name} shown`} className="mt-3 flex flex-wrap gap-3">
        {product.colors.map((color) => {
          const current = color.productId === product._id;
          const label = colorLabel(color);
          return (
            <li key={color.productId}>
              <Link
                to={paths.product(color.productId)}
                aria-label={label}
                aria-current={current ? 'page' : undefined}
                title={label}
                className={`relative block size-9 overflow-hidden rounded-full border border-ink-300 ring-offset-2 ${
                  current ? 'ring-2 ring-ink-900' : 'hover:ring-2 hover:ring-ink-300'
                }`}
                style={{ backgroundColor: color.hex }}
              >
                {color.inStock ? null : (
                  <span
                    aria-hidden="true"
                    className="absolute top-1/2 left-1/2 h-0.5 w-12 -translate-x-1/2 -translate-y-1/2 -rotate-45 bg-red-600"
                  />
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
