import { useState } from 'react';
import { type AdminOrder, NEXT_ORDER_STATUSES, type OrderStatus } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useSetOrderStatus } from '../api/admin-orders.ts';

const ACTIONS: Partial<Record<OrderStatus, { label: string; done: string }>> = {
  shipped: { label: 'Ship', done: 'Order shipped' },
  delivered: { label: 'Mark delivered', done: 'Order delivered' },
  cancelled: { label: 'Cancel order', done: 'Order cancelled' },
};

/** D19's next steps for this order; cancelling asks first (the stock goes back). */
export function OrderStatusActions({ order }: { order: AdminOrder }) {
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const setStatus = useSetOrderStatus(order._id);
  const next = NEXT_ORDER_STATUSES[order.status];

  const move = (status: OrderStatus) =>
    setStatus.mutate(status, {
      onSuccess: () => toast.success(ACTIONS[status]?.done ?? 'Order updated'),
      onError: (error) => toast.error(getErrorMessage(error)),
      onSettled: () => setConfirmingCancel(false),
    });

  if (next.length === 0) {
    return <p className="text-sm text-ink-600">This order is final: nothing more to do.</p>;
  }
  return (
    <div className="flex flex-wrap gap-3">
      {next.map((status) =>
        status === 'cancelled' ? (
          <button
            key={status}
            type="button"
            disabled={setStatus.isPending}
            onClick={() => setConfirmingCancel(true)}
            className={buttonStyles({
              variant: 'outline',
              className: 'text-red-700! hover:border-red-700!',
            })}
          >
            Cancel order
          </button>
        ) : (
          <button
            key={status}
            type="button"
            disabled={setStatus.isPending}
            onClick={() => move(status)}
            className={buttonStyles()}
          >
            {ACTIONS[status]?.label}
          </button>
        ),
      )}
      {confirmingCancel ? (
        <ConfirmDialog
          title="Cancel this order?"
          description="The shopper sees it cancelled and its stock goes back on sale. This cannot be undone."
          keepLabel="Keep order"
          confirmLabel="Yes, cancel order"
          pendingLabel="Cancelling…"
          pending={setStatus.isPending}
          onKeep={() => setConfirmingCancel(false)}
          onConfirm={() => move('cancelled')}
        />
      ) : null}
    </div>
  );
}
