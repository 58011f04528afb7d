import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { customisedUnitPrice, formatRupees, garmentKind } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { DesignThumbnails } from '#web/components/ui/design-thumbnail.tsx';
import { PencilIcon } from '#web/components/ui/icons.tsx';
import { NotFoundView } from '#web/components/ui/not-found-view.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ErrorMessage } from '#web/components/ui/status-message.tsx';
import { paths } from '#web/config/paths.ts';
import { sharedDesignQueryOptions } from '#web/features/designer/api/shared-designs.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

export const SHARED_DESIGN_GONE = 'This design is no longer shared';

/**
 * /d/{token}: a design shared by its link (issue 29, decision 058),
 * server-rendered for chat apps' previews. Read-only: the visitor customises
 * a copy in the designer, signed in or not.
 */
export function SharedDesignRoute() {
  const { token = '' } = useParams();
  const { data: shared, error, refetch } = useQuery(sharedDesignQueryOptions(token));
  const gone = error?.status === 404 || error?.status === 400;
  useDocumentTitle(gone ? SHARED_DESIGN_GONE : shared ? shared.name : 'Shared design');

  if (gone) {
    return (
      <NotFoundView title={SHARED_DESIGN_GONE}>
        Its owner may have stopped sharing it, or the link may be mistyped.
      </NotFoundView>
    );
  }
  if (error) return <ErrorMessage message={error.message} onRetry={() => void refetch()} />;
  if (!shared) return <Spinner label="Loading the design" />;

  const { product, design } = shared;
  const price = customisedUnitPrice(product.price, product.customisation, design);
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{shared.name}</h1>
      <p className="mt-1 text-ink-600">
        A design on the{' '}
        <Link to={paths.product(product._id)} className="font-medium text-ink-900 underline">
          {product.title}
        </Link>{' '}
        in {product.color.name}
      </p>
      <div className="mt-6">
        <DesignThumbnails
          design={design}
          printAreas={product.customisation.printAreas}
          garment={garmentKind(product.category)}
          color={product.color}
          className="w-full max-w-xs sm:w-72"
        />
      </div>
      <p className="mt-6 text-lg text-ink-900">
        <span className="font-semibold">{formatRupees(price)}</span> each, with this design
      </p>
      <Link
        to={paths.productCustomise(product._id, { shared: shared.token })}
        className={buttonStyles({ size: 'lg', className: 'mt-4 w-full sm:w-auto' })}
      >
        <PencilIcon className="size-5" />
        Customise a copy
      </Link>
    </div>
  );
}
