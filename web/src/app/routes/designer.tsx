import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isSize } from '#contract';
import { Breadcrumb } from '#web/components/ui/breadcrumb.tsx';
import { NotFoundView } from '#web/components/ui/not-found-view.tsx';
import { FullScreenSpinner } from '#web/components/ui/spinner.tsx';
import { ErrorMessage } from '#web/components/ui/status-message.tsx';
import { paths } from '#web/config/paths.ts';
import { useCreateManyCartItems } from '#web/features/cart/api/create-many-cart-items.ts';
import { OrderForGroupButton } from '#web/features/cart/components/order-for-group-button.tsx';
import { useAddToCart } from '#web/features/cart/hooks/use-add-to-cart.ts';
import { useProduct } from '#web/features/catalogue/api/get-product.ts';
import { usePaymentOptions } from '#web/features/checkout/api/get-payment-options.ts';
import { useDesignImages } from '#web/features/designer/api/design-images.ts';
import { useSavedDesign } from '#web/features/designer/api/saved-designs.ts';
import { useSharedDesign } from '#web/features/designer/api/shared-designs.ts';
import { Designer } from '#web/features/designer/components/designer.tsx';
import { SaveDesignForm } from '#web/features/designer/components/save-design-form.tsx';
import { StartGroupOrder } from '#web/features/group-orders/components/start-group-order.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { useAuthToken } from '#web/lib/auth-token.ts';
import { toast } from '#web/lib/toast.ts';

/**
 * /product/{id}/customise: the tee designer (D27). `?design={savedId}` opens
 * a copy of one of the shopper's saved designs, `?shared={token}` a copy of
 * a design shared by link (guests too, issue 29); whatever is ordered is the
 * server's frozen copy, so editing here never changes an order.
 */
export function DesignerRoute() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const savedId = search.get('design');
  const sharedToken = search.get('shared');
  const sizeParam = search.get('size');
  const initialSize = sizeParam !== null && isSize(sizeParam) ? sizeParam : undefined;
  const token = useAuthToken();
  const paymentOptions = usePaymentOptions();
  const navigate = useNavigate();
  const { data: product, error, refetch } = useProduct(id);
  const saved = useSavedDesign(token && savedId ? savedId : null);
  const shared = useSharedDesign(sharedToken);
  const initialDesign =
    saved.data?.productId === id
      ? saved.data.design
      : shared.data?.product._id === id
        ? shared.data.design
        : undefined;
  const images = useDesignImages(initialDesign);
  const addToCart = useAddToCart();
  const createMany = useCreateManyCartItems();
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
    (Boolean(token && savedId) && saved.isPending) ||
    (sharedToken !== null && shared.isPending) ||
    (initialDesign !== undefined && images.isPending);

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
      ) : shared.error ? (
        <ErrorMessage message={shared.error.message} onRetry={() => void shared.refetch()} />
      ) : !product || loadingSaved ? (
        <FullScreenSpinner label="Loading the designer" />
      ) : (
        <Designer
          key={saved.data?._id ?? shared.data?.token ?? 'new'}
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
          onAddRosterToCart={async (design, roster) => {
            try {
              // The designer adds only rows whose size the product offers.
              const pieces = roster.flatMap((row) =>
                isSize(row.size) ? [{ ...row, size: row.size }] : [],
              );
              await createMany.mutateAsync({ product, design, roster: pieces });
            } catch (refused) {
              toast.error(getErrorMessage(refused));
              return false;
            }
            await navigate(paths.cart());
            return true;
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
                    renderSavedActions={(savedId, name) => (
                      <StartGroupOrder
                        savedId={savedId}
                        productId={product._id}
                        name={name}
                        eachPaysOff={paymentOptions.data?.online === null}
                      />
                    )}
                  />
                )
              : undefined
          }
        />
      )}
    </div>
  );
}
