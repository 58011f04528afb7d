import { useState } from 'react';
import { type Order, orderNumber } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useCancelOrder } from '../api/cancel-order.ts';

/** 'Cancel order' with a confirm step (D19): only a pending order can be cancelled. */
export function CancelOrderButton({ order }: { order: Order }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelOrder();

  const confirm = () =>
    cancel.mutate(order._id, {
      onSuccess: () => toast.success('Order cancelled'),
      onError: (error) => toast.error(getErrorMessage(error)),
      onSettled: () => setConfirming(false),
    });

  return (
    <>
      <button
        type="button"
        onClick={() => setConfirming(true)}
        className={buttonStyles({
          variant: 'outline',
          className: 'text-red-700! hover:border-red-700!',
        })}
      >
        Cancel order
      </button>
      {confirming ? (
        <ConfirmDialog
          title="Cancel this order?"
          description={`Order ${orderNumber(order._id)} will be cancelled. This cannot be undone.`}
          keepLabel="Keep order"
          confirmLabel="Yes, cancel order"
          pendingLabel="Cancelling…"
          pending={cancel.isPending}
          onKeep={() => setConfirming(false)}
          onConfirm={confirm}
        />
      ) : null}
    </>
  );
}
