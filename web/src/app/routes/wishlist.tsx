import { Link } from 'react-router';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorMessage } from '#web/components/ui/status-message.tsx';
import { paths } from '#web/config/paths.ts';
import { useAddToCart } from '#web/features/cart/hooks/use-add-to-cart.ts';
import { WishlistList } from '#web/features/wishlist/components/wishlist-list.tsx';
import { useWishlistProducts } from '#web/features/wishlist/hooks/use-wishlist-products.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/** /wishlist (D33): saved products with their price and stock now, each one step from the cart. */
export function WishlistRoute() {
  useDocumentTitle('Wishlist');
  const { products, isLoading, error, remove } = useWishlistProducts();
  const addToCart = useAddToCart();

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-ink-900">Wishlist</h1>
      {isLoading ? (
        <Spinner label="Loading your wishlist" />
      ) : error ? (
        <ErrorMessage message={error.message} />
      ) : products.length === 0 ? (
        <EmptyState
          title="Your wishlist is empty"
          actions={
            <Link to={paths.products()} className={buttonStyles()}>
              Browse products
            </Link>
          }
        >
          Tap the heart on any product to keep it here for later.
        </EmptyState>
      ) : (
        <WishlistList
          products={products}
          onRemove={remove}
          onAddToCart={(product, size) => addToCart(product, size, 1)}
        />
      )}
    </div>
  );
}
