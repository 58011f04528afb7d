import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Order } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { ApiError, getErrorMessage } from '#web/lib/api-client.ts';
import { cancelOrder } from '../api/cancel-order.ts';
import { shortOrderId } from '../utils/order-summary.ts';

interface CancelOrderButtonProps {
  order: Order;
  /** The cancelled order as the server answered it. */
  onCancelled: (order: Order) => void;
  /** The server says the order changed meanwhile (shipped, say): load it again. */
  onStale: () => void;
}

/** 'Cancel order' with a confirm step (D19): only a pending order can be cancelled. */
export function CancelOrderButton({ order, onCancelled, onStale }: CancelOrderButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setPending(true);
    try {
      const cancelled = await cancelOrder(order._id);
      setConfirming(false);
      onCancelled(cancelled);
      toast.success('Order cancelled');
    } catch (error) {
      setConfirming(false);
      toast.error(getErrorMessage(error));
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) onStale();
    } finally {
      setPending(false);
    }
  };

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
          description={`Order #${shortOrderId(order._id)} will be cancelled. This cannot be undone.`}
          keepLabel="Keep order"
          confirmLabel="Yes, cancel order"
          pendingLabel="Cancelling…"
          pending={pending}
          onKeep={() => setConfirming(false)}
          onConfirm={confirm}
        />
      ) : null}
    </>
  );
}
