import { createContext, type ReactNode, use } from 'react';
import { HeartIcon } from '#web/components/ui/icons.tsx';
import { useHydrated } from '#web/hooks/use-hydrated.ts';
import { useWishlistIds } from '../hooks/use-wishlist-ids.ts';

type SavedProducts = ReturnType<typeof useWishlistIds> & { hydrated: boolean };

const SavedProductsContext = createContext<SavedProducts | null>(null);

/**
 * One subscription to the wishlist for every heart inside: a listing's 24
 * cards each had their own query, mutation and store subscriptions, set up
 * in hydration's commit (about 6 % of /products' script on a throttled phone;
 * issue 30, decision 071).
 */
export function SavedProductsProvider({ children }: { children: ReactNode }) {
  const saved = { ...useWishlistIds(), hydrated: useHydrated() };
  return <SavedProductsContext value={saved}>{children}</SavedProductsContext>;
}

interface WishlistHeartProps {
  productId: string;
  title: string;
  /** `overlay` sits on a card's picture; `inline` is a labelled button on the product page. */
  variant?: 'overlay' | 'inline';
}

/**
 * Save a product for later (D33): a toggle button, pressed while the product
 * is saved. Inside a SavedProductsProvider.
 */
export function WishlistHeart({ productId, title, variant = 'overlay' }: WishlistHeartProps) {
  const context = use(SavedProductsContext);
  if (!context) throw new Error('WishlistHeart needs a SavedProductsProvider around it');
  // A tap before React takes over a server-rendered page would be lost (decision 022).
  const { saved, toggle, hydrated } = context;
  const pressed = saved.has(productId);
  const label = `Save to wishlist: ${title}`;
  if (variant === 'inline') {
    return (
      <button
        type="button"
        aria-pressed={pressed}
        aria-label={label}
        disabled={!hydrated}
        onClick={() => void toggle(productId)}
        className={`inline-flex h-11 items-center gap-2 rounded-full border px-5 text-sm font-semibold transition-colors ${
          pressed
            ? 'border-red-300 bg-red-50 text-red-700'
            : 'border-ink-300 bg-white text-ink-900 hover:border-ink-900'
        }`}
      >
        <HeartIcon filled={pressed} className="size-5" />
        Save
      </button>
    );
  }
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      title={pressed ? 'Saved to your wishlist' : 'Save to your wishlist'}
      disabled={!hydrated}
      onClick={() => void toggle(productId)}
      className={`inline-flex size-10 items-center justify-center rounded-full bg-white/90 shadow-sm transition-colors hover:bg-white ${
        pressed ? 'text-red-600' : 'text-ink-700 hover:text-red-600'
      }`}
    >
      <HeartIcon filled={pressed} className="size-5" />
    </button>
  );
}

/** The heart a product grid shows on each card (ProductGrid's `cardAction`), under a SavedProductsProvider. */
export const wishlistHeartFor = (product: { _id: string; title: string }) => (
  <WishlistHeart productId={product._id} title={product.title} />
);
