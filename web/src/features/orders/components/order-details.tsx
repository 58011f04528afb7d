import type { ReactNode } from 'react';
import { formatRupees, letteringText, type Order } from '#contract';
import { DesignThumbnails } from '#web/components/ui/design-thumbnail.tsx';
import { formatDate } from '#web/utils/format-date.ts';
import {
  itemCountLabel,
  orderItemCount,
  paymentMethodLabel,
  refundLines,
} from '../utils/order-summary.ts';
import { OrderRoster } from './order-roster.tsx';

/** The estimated delivery, or N/A when there is none to expect (cancelled, D19). */
export function estimatedDeliveryLabel(order: Pick<Order, 'status' | 'estimateDeliveryDate'>) {
  if (order.status === 'cancelled') return 'N/A';
  return formatDate(order.estimateDeliveryDate) || 'N/A';
}

/** The facts about an order beside its items (SPEC §2 Order detail). */
export function OrderFacts({ order }: { order: Order }) {
  const { address } = order;
  const refunds = refundLines(order);
  return (
    <dl className="divide-y divide-ink-100 text-sm">
      <Fact term="Estimated delivery">{estimatedDeliveryLabel(order)}</Fact>
      <Fact term="Items">{itemCountLabel(orderItemCount(order))}</Fact>
      <Fact term="Ordered on">
        <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
      </Fact>
      {order.deliveredAt ? (
        <Fact term="Delivered on">
          <time dateTime={order.deliveredAt}>{formatDate(order.deliveredAt)}</time>
        </Fact>
      ) : null}
      <Fact term="Payment method">{paymentMethodLabel(order)}</Fact>
      {order.payment?.paymentId ? (
        <Fact term="Payment id">
          <span className="break-all font-mono text-xs">{order.payment.paymentId}</span>
        </Fact>
      ) : null}
      {refunds.length > 0 ? (
        <Fact term="Refund" stacked>
          <ul className="space-y-1">
            {refunds.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Fact>
      ) : null}
      <Fact term="Shipping address" stacked>
        {address.fullAddress ? (
          <address className="not-italic leading-relaxed text-ink-900">
            <span className="block font-semibold">{address.name}</span>
            <span className="block">{address.fullAddress}</span>
            <span className="block">
              {address.city}, {address.state} {address.pincode}
            </span>
            <span className="block text-ink-600">Phone: {address.phone}</span>
          </address>
        ) : (
          'No address provided'
        )}
      </Fact>
      {order.business ? (
        <Fact term="Business purchase" stacked>
          <span className="block font-semibold">{order.business.name}</span>
          <span className="block font-mono text-xs">GSTIN {order.business.gstin}</span>
        </Fact>
      ) : null}
    </dl>
  );
}

function Fact({
  term,
  stacked = false,
  children,
}: {
  term: string;
  stacked?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`py-3 ${stacked ? 'space-y-1.5' : 'flex items-center justify-between gap-4'}`}>
      <dt className="text-ink-600">{term}</dt>
      <dd className={`font-medium text-ink-900 ${stacked ? '' : 'text-right'}`}>{children}</dd>
    </div>
  );
}

/**
 * Each line with its picture, size, colour, name and number (a personalised
 * piece), quantity × price and line total, then the roster of named pieces;
 * a line with a design shows each printed side on its garment (D27, issue 28)
 * in place of the product's photo, and
 * `itemActions` adds a screen's own controls to a line (the admin's print files).
 */
export function OrderItems({
  order,
  itemActions,
}: {
  order: Order;
  itemActions?: (item: Order['items'][number]) => ReactNode;
}) {
  return (
    <>
      <ul aria-label="Items in this order" className="divide-y divide-ink-100">
        {order.items.map((item) => (
          <li key={item._id} className="flex gap-4 py-4 first:pt-0">
            {item.design && item.printAreas ? (
              // A designed line shows its garment with the design, not the product's photo.
              <div className="w-20 shrink-0">
                <DesignThumbnails
                  design={item.design}
                  printAreas={item.printAreas}
                  garment={item.garment}
                  color={item.color}
                  personalisation={item.personalisation}
                  className="w-full"
                  direction="column"
                />
              </div>
            ) : (
              <img
                src={item.image}
                alt=""
                width={80}
                height={80}
                className="size-20 shrink-0 rounded-xl bg-ink-100 object-cover ring-1 ring-ink-200"
              />
            )}
            <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
              <div className="min-w-0">
                <p className="font-semibold text-ink-900">{item.name}</p>
                <p className="text-sm text-ink-600">
                  Size {item.size} · Colour {item.color.name}
                </p>
                {item.personalisation ? (
                  <p className="text-sm text-ink-600">
                    Name and number:{' '}
                    <span className="font-semibold text-ink-900">
                      {letteringText(item.personalisation)}
                    </span>
                  </p>
                ) : null}
                <p className="text-sm text-ink-600">
                  {item.quantity} x {formatRupees(item.price)}
                </p>
                {itemActions?.(item)}
              </div>
              <p className="font-semibold text-ink-900 sm:text-right">
                <span className="sr-only">Line total: </span>
                {formatRupees(item.price * item.quantity)}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <OrderRoster items={order.items} />
    </>
  );
}

/** The server's numbers (D4): subtotal, discount, gift wrap, cash on delivery fee, free delivery, total. */
export function OrderPrices({ order }: { order: Order }) {
  return (
    <dl className="space-y-2 text-sm">
      <PriceRow term="Subtotal">{formatRupees(order.subtotal)}</PriceRow>
      {order.discount > 0 ? (
        <PriceRow
          term={order.couponCode ? `Discount (${order.couponCode})` : 'Discount'}
          className="text-emerald-800"
        >
          −{formatRupees(order.discount)}
        </PriceRow>
      ) : null}
      {order.giftWrap > 0 ? (
        <PriceRow
          term="Gift wrap"
          note={order.giftMessage ? `Gift message: “${order.giftMessage}”` : undefined}
        >
          {formatRupees(order.giftWrap)}
        </PriceRow>
      ) : null}
      {order.codFee > 0 ? (
        <PriceRow term="Cash on delivery fee">{formatRupees(order.codFee)}</PriceRow>
      ) : null}
      <PriceRow term="Delivery">Free</PriceRow>
      <div className="flex justify-between gap-4 border-t border-ink-200 pt-3 text-base font-bold text-ink-900">
        <dt>Total</dt>
        <dd>{formatRupees(order.totalPrice)}</dd>
      </div>
    </dl>
  );
}

function PriceRow({
  term,
  className = 'text-ink-900',
  note,
  children,
}: {
  term: string;
  className?: string;
  /** A line under the row (the gift message). */
  note?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4">
      <dt className="text-ink-600">{term}</dt>
      <dd className={`font-medium ${className}`}>{children}</dd>
      {note ? (
        <dd className="mt-1.5 w-full rounded-lg bg-ink-50 px-3 py-2 break-words text-ink-700">
          {note}
        </dd>
      ) : null}
    </div>
  );
}
