import { Link } from 'react-router';
import type { SavedDesign } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { ListResult } from '#web/components/ui/query-result.tsx';
import { EmptyState } from '#web/components/ui/status-message.tsx';
import { paths } from '#web/config/paths.ts';
import { useProduct } from '#web/features/catalogue/api/get-product.ts';
import { useSavedDesigns } from '#web/features/designer/api/saved-designs.ts';
import { SavedDesignCard } from '#web/features/designer/components/saved-design-card.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/** A saved design with its product's name and print areas (the thumbnails' size). */
function SavedDesignItem({ saved }: { saved: SavedDesign }) {
  const product = useProduct(saved.productId);
  return (
    <SavedDesignCard
      saved={saved}
      printAreas={product.data?.customisation.printAreas}
      productTitle={
        product.data ? (
          <Link to={paths.product(saved.productId)} className="underline hover:text-ink-900">
            {product.data.title}
          </Link>
        ) : (
          'a product no longer on sale'
        )
      }
    />
  );
}

/** /designs: the signed-in shopper's saved designs (D27). */
export function MyDesignsRoute() {
  useDocumentTitle('My designs');
  const designs = useSavedDesigns();
  return (
    <section className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-ink-900">My designs</h1>
      <div className="mt-6">
        <ListResult
          query={designs}
          loading="Loading your designs..."
          itemKey={(saved) => saved._id}
          empty={
            <EmptyState
              title="No saved designs yet."
              actions={
                <Link to={paths.products()} className={buttonStyles()}>
                  Find a tee to customise
                </Link>
              }
            >
              Open a customisable tee, press Customise, and save your design to find it here.
            </EmptyState>
          }
        >
          {(saved) => <SavedDesignItem saved={saved} />}
        </ListResult>
      </div>
    </section>
  );
}
