import { Link, useParams } from 'react-router';
import { printedPhotosNote } from '#contract';
import { Breadcrumb } from '#web/components/ui/breadcrumb.tsx';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { PencilIcon } from '#web/components/ui/icons.tsx';
import { NotFoundView } from '#web/components/ui/not-found-view.tsx';
import { PriceBreaksTable } from '#web/components/ui/price-breaks-table.tsx';
import { ErrorMessage } from '#web/components/ui/status-message.tsx';
import { paths } from '#web/config/paths.ts';
import { OrderForGroupButton } from '#web/features/cart/components/order-for-group-button.tsx';
import { useAddToCart } from '#web/features/cart/hooks/use-add-to-cart.ts';
import { useProduct } from '#web/features/catalogue/api/get-product.ts';
import { ProductDetails } from '#web/features/catalogue/components/product-details.tsx';
import { ProductDetailsSkeleton } from '#web/features/catalogue/components/product-details-skeleton.tsx';
import { ProductGallery } from '#web/features/catalogue/components/product-gallery.tsx';
import {
  RecentlyViewed,
  useRecordProductView,
} from '#web/features/catalogue/components/recently-viewed.tsx';
import { RelatedProducts } from '#web/features/catalogue/components/related-products.tsx';
import { ShareProductButton } from '#web/features/catalogue/components/share-product-button.tsx';
import { SizeGuideButton } from '#web/features/catalogue/components/size-guide-button.tsx';
import { ProductReviews } from '#web/features/reviews/components/product-reviews.tsx';
import { NotifyMe } from '#web/features/wishlist/components/notify-me.tsx';
import {
  SavedProductsProvider,
  WishlistHeart,
  wishlistHeartFor,
} from '#web/features/wishlist/components/wishlist-heart.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/** /product/{id}: the product detail page (SPEC §2, §4, §5). */
export function ProductRoute() {
  const { id = '' } = useParams();
  const { data: product, error, refetch } = useProduct(id);
  const addToCart = useAddToCart();
  // D2: an unknown id is a 404, a malformed one a 400; to a shopper both are "not found".
  const notFound = error !== null && (error.status === 404 || error.status === 400);
  useDocumentTitle(notFound ? 'Product not found' : (product?.title ?? 'Product'));
  useRecordProductView(product?._id);
  const printedPhotos = product ? printedPhotosNote(product) : null;

  if (notFound) {
    return (
      <NotFoundView title="Product not found">
        We could not find this product. It may no longer be on sale, or the link may be mistyped.
      </NotFoundView>
    );
  }

  return (
    <SavedProductsProvider>
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
        <Breadcrumb
          className="mb-6"
          crumbs={[
            { label: 'Products', to: paths.products() },
            ...(product ? [{ label: product.title }] : []),
          ]}
        />

        {error ? (
          <ErrorMessage message={error.message} onRetry={() => void refetch()} />
        ) : product ? (
          // Keyed by product, so the picture, size, quantity and review page start afresh on another product.
          <div key={product._id}>
            <div className="grid gap-8 md:grid-cols-2 lg:gap-14">
              <ProductGallery title={product.title} images={product.images} />
              <div>
                <ProductDetails
                  product={product}
                  onAddToCart={(size, quantity) => addToCart(product, size, quantity)}
                  sizeGuide={<SizeGuideButton category={product.category} />}
                  groupOrder={
                    <OrderForGroupButton product={product} className="w-full sm:w-auto" />
                  }
                  customise={
                    product.customisation.customisable
                      ? (size) => (
                          <>
                            <Link
                              to={paths.productCustomise(product._id, { size: size ?? undefined })}
                              className={buttonStyles({
                                variant: 'outline',
                                size: 'lg',
                                className: 'w-full sm:w-auto',
                              })}
                            >
                              <PencilIcon className="size-5" />
                              Customise
                            </Link>
                            {printedPhotos ? (
                              <p className="w-full text-sm text-ink-600">{printedPhotos}</p>
                            ) : null}
                            <PriceBreaksTable
                              unitPrice={product.price}
                              priceBreaks={product.priceBreaks}
                            />
                          </>
                        )
                      : undefined
                  }
                />
                {/* Issue 16: the page never dead-ends. */}
                <div className="mt-6 flex flex-wrap items-center gap-3">
                  <WishlistHeart productId={product._id} title={product.title} variant="inline" />
                  <ShareProductButton title={product.title} />
                </div>
                <NotifyMe product={product} />
              </div>
            </div>
            <ProductReviews productId={product._id} />
            <RelatedProducts productId={product._id} cardAction={wishlistHeartFor} />
            <RecentlyViewed excludeId={product._id} cardAction={wishlistHeartFor} />
          </div>
        ) : (
          <ProductDetailsSkeleton />
        )}
      </div>
    </SavedProductsProvider>
  );
}
