import { useState } from 'react';
import type { Order } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/lib/toast.ts';
import { usePayOnline } from '../hooks/use-pay-online.ts';
import type { CheckoutPrefill } from '../utils/razorpay-checkout.ts';

/**
 * 'Pay now' on an order awaiting its online payment (issue 25): Razorpay
 * Checkout opens again on the order's own Razorpay order. `onPaid` gets the
 * order the shop answers, paid; a failure says why, and the button stays.
 */
export function PayNowButton({
  order,
  prefill,
  onPaid,
}: {
  order: Order;
  prefill: CheckoutPrefill;
  onPaid: (paid: Order) => void;
}) {
  const online = usePayOnline({ needed: true });
  const [paying, setPaying] = useState(false);

  const payNow = async () => {
    setPaying(true);
    const result = await online.pay(order, prefill);
    setPaying(false);
    if (result.status === 'paid') {
      onPaid(result.order);
      toast.success('Payment received: your order is placed');
    } else if (result.status === 'failed') {
      toast.error(result.message);
    }
  };

  return (
    <button
      type="button"
      onClick={() => void payNow()}
      disabled={paying || !online.online || online.reloading}
      className={buttonStyles({ variant: 'brand' })}
    >
      {paying ? <Spinner label="Paying" className="size-5" /> : null}
      Pay now
    </button>
  );
}
