import { useState } from 'react';
import type { AdminProduct } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useDeleteAdminProduct, useRestoreAdminProduct } from '../api/admin-products.ts';

interface ProductLifecycleProps {
  product: AdminProduct;
  /** The product is gone for good. */
  onDeleted: () => void;
}

/**
 * Delete (asks first) or restore. The server archives instead of deleting
 * when orders reference the product; the owner is told which happened.
 */
export function ProductLifecycle({ product, onDeleted }: ProductLifecycleProps) {
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeleteAdminProduct();
  const restoration = useRestoreAdminProduct();
  const busy = deletion.isPending || restoration.isPending;
  const onError = (error: unknown) => toast.error(getErrorMessage(error));

  const remove = () =>
    deletion.mutate(product._id, {
      onSuccess: (result) => {
        setConfirming(false);
        if (result.outcome === 'archived') {
          toast.success('Orders include this product, so it was archived: it has left the shop.');
        } else {
          toast.success('Product deleted');
          onDeleted();
        }
      },
      onError,
    });

  const restore = () =>
    restoration.mutate(product._id, {
      onSuccess: () => toast.success('Product restored: it is on sale again.'),
      onError,
    });

  if (product.archived) {
    return (
      <button type="button" disabled={busy} onClick={restore} className={buttonStyles()}>
        Restore
      </button>
    );
  }
  return (
    <>
      <button
        type="button"
        disabled={busy}
        onClick={() => setConfirming(true)}
        className={buttonStyles({
          variant: 'outline',
          className: 'text-red-700! hover:border-red-700!',
        })}
      >
        Delete
      </button>
      {confirming ? (
        <ConfirmDialog
          title="Delete this product?"
          description="It leaves the shop at once. If orders include it, it is archived instead, so those orders keep it; you can restore it later."
          keepLabel="Keep product"
          confirmLabel="Yes, delete"
          pendingLabel="Deleting…"
          pending={busy}
          onKeep={() => setConfirming(false)}
          onConfirm={remove}
        />
      ) : null}
    </>
  );
}
