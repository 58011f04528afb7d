import { lazy, Suspense, useState } from 'react';
import type { Design, Product } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { useHydrated } from '#web/hooks/use-hydrated.ts';
import { toast } from '#web/lib/toast.ts';

// The grid and its request code load on the first tap: the product page's first load stays small (decision 027).
const SizeMatrixDialog = lazy(() =>
  import('./size-matrix-dialog.tsx').then((module) => ({ default: module.SizeMatrixDialog })),
);

/**
 * 'Order for a group' (issue 29): opens the size matrix, where every size of
 * the product gets a quantity and one button adds them all, plain or with
 * `design`. A `blocker` (the designer's guard rail) is told instead.
 */
export function OrderForGroupButton({
  product,
  design,
  blocker,
  className = '',
}: {
  product: Product;
  design?: Design | undefined;
  blocker?: string | null | undefined;
  className?: string;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const openMatrix = () => {
    if (blocker) {
      toast.error(blocker, { id: 'designer-blocker' });
      return;
    }
    setOpen(true);
  };
  return (
    <>
      <button
        type="button"
        disabled={!hydrated}
        onClick={openMatrix}
        className={buttonStyles({ variant: 'outline', size: 'lg', className })}
      >
        Order for a group
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SizeMatrixDialog product={product} design={design} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
