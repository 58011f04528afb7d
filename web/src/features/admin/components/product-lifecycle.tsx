import { useState } from 'react';
import toast from 'react-hot-toast';
import type { AdminProduct } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { removeAdminProduct, restoreProduct } from '../api/admin-api.ts';

interface ProductLifecycleProps {
  product: AdminProduct;
  /** The product is gone for good. */
  onDeleted: () => void;
  /** The product was archived or restored. */
  onChanged: (product: AdminProduct) => void;
}

/**
 * Delete (asks first) or restore. The server archives instead of deleting
 * when orders reference the product; the owner is told which happened.
 */
export function ProductLifecycle({ product, onDeleted, onChanged }: ProductLifecycleProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    setBusy(true);
    try {
      const result = await removeAdminProduct(product._id);
      setConfirming(false);
      if (result.outcome === 'archived' && result.product) {
        toast.success('Orders include this product, so it was archived: it has left the shop.');
        onChanged(result.product);
      } else {
        toast.success('Product deleted');
        onDeleted();
      }
    } catch (error) {
      toast.error(getErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const restore = async () => {
    setBusy(true);
    try {
      onChanged(await restoreProduct(product._id));
      toast.success('Product restored: it is on sale again.');
    } catch (error) {
      toast.error(getErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

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
