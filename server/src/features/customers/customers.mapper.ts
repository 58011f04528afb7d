import type { Address, AdminCustomerDetail, AdminCustomerSummary } from '#contract';
import { paiseToRupees } from '#server/lib/money.ts';
import type {
  CustomerSummaryRow,
  findCustomerOrders,
  findCustomerReturns,
  findCustomerReviews,
} from './customers.repository.ts';

type Rows<Query extends (...args: never[]) => unknown> = Awaited<ReturnType<Query>>;

/** A timestamp as the API answers it, whichever driver read it (PGlite or pg). */
const iso = (at: Date | string): string => new Date(at).toISOString();

export function toCustomerSummary(row: CustomerSummaryRow): AdminCustomerSummary {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    joinedAt: iso(row.createdAt),
    orders: row.orders,
    totalSpent: paiseToRupees(row.totalPaise),
    lastOrderAt: row.lastOrderAt ? iso(row.lastOrderAt) : null,
  };
}

export function toCustomer(
  row: CustomerSummaryRow,
  details: {
    addresses: Address[];
    orders: Rows<typeof findCustomerOrders>;
    returns: Rows<typeof findCustomerReturns>;
    reviews: Rows<typeof findCustomerReviews>;
    subscribedAt: Date | undefined;
  },
): AdminCustomerDetail {
  return {
    ...toCustomerSummary(row),
    phone: row.phone,
    addresses: details.addresses,
    orderHistory: details.orders.map((order) => ({
      _id: order.id,
      status: order.status,
      totalPrice: paiseToRupees(order.totalPaise),
      paymentMethod: order.paymentMethod,
      itemCount: order.itemCount,
      createdAt: iso(order.createdAt),
    })),
    returns: details.returns.map((item) => ({
      _id: item.id,
      orderId: item.orderId,
      status: item.status,
      refund: paiseToRupees(item.refundPaise),
      itemCount: item.itemCount,
      createdAt: iso(item.createdAt),
    })),
    reviews: details.reviews.map((review) => ({
      _id: review.id,
      productId: review.productId,
      productTitle: review.productTitle,
      rating: review.rating,
      title: review.title,
      hidden: review.hiddenAt !== null,
      createdAt: iso(review.createdAt),
    })),
    newsletter: {
      subscribed: details.subscribedAt !== undefined,
      since: details.subscribedAt ? iso(details.subscribedAt) : null,
    },
  };
}
