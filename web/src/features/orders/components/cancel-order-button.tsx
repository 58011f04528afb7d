import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { Order } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { Dialog } from '#web/components/ui/dialog.tsx';
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
  const keepRef = useRef<HTMLButtonElement>(null);

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
        <Dialog
          title="Cancel this order?"
          description={`Order #${shortOrderId(order._id)} will be cancelled. This cannot be undone.`}
          onClose={() => {
            if (!pending) setConfirming(false);
          }}
          initialFocus={keepRef}
        >
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button
              ref={keepRef}
              type="button"
              onClick={() => setConfirming(false)}
              disabled={pending}
              className={buttonStyles({ variant: 'outline' })}
            >
              Keep order
            </button>
            <button
              type="button"
              onClick={confirm}
              disabled={pending}
              className={buttonStyles({ variant: 'danger' })}
            >
              {pending ? 'Cancelling…' : 'Yes, cancel order'}
            </button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
