import { Link } from 'react-router';
import type { SavedDesign } from '#contract';
import { ListPage } from '#web/components/layouts/list-page.tsx';
import { paths } from '#web/config/paths.ts';
import { useProduct } from '#web/features/catalogue/api/get-product.ts';
import { usePaymentOptions } from '#web/features/checkout/api/get-payment-options.ts';
import { useSavedDesigns } from '#web/features/designer/api/saved-designs.ts';
import { SavedDesignCard } from '#web/features/designer/components/saved-design-card.tsx';
import { StartGroupOrder } from '#web/features/group-orders/components/start-group-order.tsx';

/** A saved design with its product: its name, and its garment for the thumbnails. */
function SavedDesignItem({ saved }: { saved: SavedDesign }) {
  const product = useProduct(saved.productId);
  const paymentOptions = usePaymentOptions();
  return (
    <SavedDesignCard
      saved={saved}
      product={product.data}
      productTitle={
        product.data ? (
          <Link to={paths.product(saved.productId)} className="underline hover:text-ink-900">
            {product.data.title}
          </Link>
        ) : (
          'a product no longer on sale'
        )
      }
      moreActions={
        product.data ? (
          <StartGroupOrder
            savedId={saved._id}
            productId={saved.productId}
            name={saved.name}
            eachPaysOff={paymentOptions.data?.online === null}
          />
        ) : null
      }
    />
  );
}

/** /designs: the signed-in shopper's saved designs (D27). */
export function MyDesignsRoute() {
  const designs = useSavedDesigns();
  return (
    <ListPage
      title="My designs"
      query={designs}
      loading="Loading your designs..."
      itemKey={(saved) => saved._id}
      empty={{
        title: 'No saved designs yet.',
        text: 'Open a customisable tee, press Customise, and save your design to find it here.',
        action: { label: 'Find a tee to customise', to: paths.products() },
      }}
    >
      {(saved) => <SavedDesignItem saved={saved} />}
    </ListPage>
  );
}
