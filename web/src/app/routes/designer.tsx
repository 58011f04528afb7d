import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isSize } from '#contract';
import { Breadcrumb } from '#web/components/ui/breadcrumb.tsx';
import { NotFoundView } from '#web/components/ui/not-found-view.tsx';
import { FullScreenSpinner } from '#web/components/ui/spinner.tsx';
import { ErrorMessage } from '#web/components/ui/status-message.tsx';
import { paths } from '#web/config/paths.ts';
import { OrderForGroupButton } from '#web/features/cart/components/order-for-group-button.tsx';
import { useAddToCart } from '#web/features/cart/hooks/use-add-to-cart.ts';
import { useProduct } from '#web/features/catalogue/api/get-product.ts';
import { useDesignImages } from '#web/features/designer/api/design-images.ts';
import { useSavedDesign } from '#web/features/designer/api/saved-designs.ts';
import { Designer } from '#web/features/designer/components/designer.tsx';
import { SaveDesignForm } from '#web/features/designer/components/save-design-form.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useAuthToken } from '#web/lib/auth-token.ts';

/**
 * /product/{id}/customise: the tee designer (D27). `?design={savedId}` opens
 * a copy of one of the shopper's saved designs; whatever is ordered is the
 * server's frozen copy, so editing here never changes an order.
 */
export function DesignerRoute() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const savedId = search.get('design');
  const sizeParam = search.get('size');
  const initialSize = sizeParam !== null && isSize(sizeParam) ? sizeParam : undefined;
  const token = useAuthToken();
  const navigate = useNavigate();
  const { data: product, error, refetch } = useProduct(id);
  const saved = useSavedDesign(token && savedId ? savedId : null);
  const initialDesign = saved.data?.productId === id ? saved.data.design : undefined;
  const images = useDesignImages(initialDesign);
  const addToCart = useAddToCart();
  // The saved design this session last saved to: later saves update it.
  const [savedDesignId, setSavedDesignId] = useState<string | null>(null);
  const notFound =
    (error !== null && (error.status === 404 || error.status === 400)) ||
    (product !== undefined && !product.customisation.customisable);
  useDocumentTitle(notFound ? 'Product not found' : `Customise ${product?.title ?? 'your tee'}`);

  if (notFound) {
    return (
      <NotFoundView title="This product cannot be customised">
        We could not find a customisable product here. It may no longer be on sale.
      </NotFoundView>
    );
  }

  const loadingSaved =
    Boolean(token && savedId) &&
    (saved.isPending || (initialDesign !== undefined && images.isPending));

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
      <Breadcrumb
        className="mb-4"
        crumbs={[
          { label: 'Products', to: paths.products() },
          ...(product ? [{ label: product.title, to: paths.product(product._id) }] : []),
          { label: 'Customise' },
        ]}
      />
      <h1 className="mb-6 text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
        Customise {product?.title ?? 'your tee'}
      </h1>
      {error ? (
        <ErrorMessage message={error.message} onRetry={() => void refetch()} />
      ) : saved.error ? (
        <ErrorMessage message={saved.error.message} onRetry={() => void saved.refetch()} />
      ) : !product || loadingSaved ? (
        <FullScreenSpinner label="Loading the designer" />
      ) : (
        <Designer
          key={saved.data?._id ?? 'new'}
          product={product}
          customisation={product.customisation}
          initialDesign={initialDesign}
          initialImages={images.data}
          initialSize={initialSize}
          onAddToCart={async (design, size) => {
            const added = await addToCart(product, size, 1, design);
            if (added) await navigate(paths.cart());
            return added;
          }}
          renderGroupOrder={(design, blocker) => (
            <OrderForGroupButton
              product={product}
              design={design}
              blocker={blocker}
              className="w-full"
            />
          )}
          renderSave={
            token
              ? (design) => (
                  <SaveDesignForm
                    productId={product._id}
                    design={design}
                    savedId={savedDesignId ?? saved.data?._id ?? null}
                    initialName={saved.data?.name ?? `My ${product.title}`}
                    onSaved={setSavedDesignId}
                  />
                )
              : undefined
          }
        />
      )}
    </div>
  );
}
