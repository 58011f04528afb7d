import { Link } from 'react-router';
import { type AdminCustomerDetail, formatRupees, orderNumber } from '#contract';
import { AdminTable } from '#web/components/ui/admin-table.tsx';
import { OrderStatusBadge } from '#web/components/ui/order-status-badge.tsx';
import { StarRating } from '#web/components/ui/star-rating.tsx';
import { paths } from '#web/config/paths.ts';
import { formatDate, formatDateTime } from '#web/utils/format-date.ts';

type Customer = AdminCustomerDetail;

const RETURN_STATUS_LABELS: Record<Customer['returns'][number]['status'], string> = {
  requested: 'Requested',
  approved: 'Approved',
  received: 'Received',
  rejected: 'Rejected',
};

const orderLink = (id: string) => (
  <Link
    to={paths.adminOrder(id)}
    className="font-mono font-semibold text-brand-700 hover:underline"
  >
    {orderNumber(id)}
  </Link>
);

const none = (text: string) => <p className="text-sm text-ink-600">{text}</p>;

/** Who the shopper is: contact, when they joined, what they spent, the newsletter. */
export function CustomerFacts({ customer }: { customer: Customer }) {
  const facts = [
    ['Email', customer.email],
    ['Phone', customer.phone || 'Not given'],
    ['Joined', formatDate(customer.joinedAt)],
    ['Orders', String(customer.orders)],
    ['Total spent', formatRupees(customer.totalSpent)],
    ['Last order', customer.lastOrderAt ? formatDate(customer.lastOrderAt) : 'None yet'],
    [
      'Newsletter',
      customer.newsletter.since
        ? `Subscribed since ${formatDate(customer.newsletter.since)}`
        : 'Not subscribed',
    ],
  ] as const;
  return (
    <dl className="grid gap-3 text-sm">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt className="text-ink-600">{term}</dt>
          <dd className="font-medium break-all text-ink-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function CustomerAddresses({ addresses }: { addresses: Customer['addresses'] }) {
  if (addresses.length === 0) return none('No saved addresses.');
  return (
    <ul className="space-y-3 text-sm">
      {addresses.map((address) => (
        <li key={address._id} className="text-ink-800">
          <p className="font-semibold text-ink-900">
            {address.name}
            {address.selected ? <span className="ml-2 text-ink-600">(default)</span> : null}
          </p>
          <p>{address.fullAddress}</p>
          <p>
            {address.city}, {address.state} {address.pincode}
          </p>
          <p>{address.phone}</p>
        </li>
      ))}
    </ul>
  );
}

export function CustomerOrders({ orders }: { orders: Customer['orderHistory'] }) {
  if (orders.length === 0) return none('No orders yet.');
  return (
    <AdminTable
      headings={['Order', 'Placed', 'Items', 'Total', 'Status']}
      minWidthClass="min-w-[32rem]"
    >
      {orders.map((order) => (
        <tr key={order._id}>
          <td className="px-4 py-3">{orderLink(order._id)}</td>
          <td className="px-4 py-3 whitespace-nowrap text-ink-700">
            {formatDateTime(order.createdAt)}
          </td>
          <td className="px-4 py-3 text-ink-700">{order.itemCount}</td>
          <td className="px-4 py-3 font-semibold text-ink-900">{formatRupees(order.totalPrice)}</td>
          <td className="px-4 py-3">
            <OrderStatusBadge status={order.status} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

export function CustomerReturns({ returns }: { returns: Customer['returns'] }) {
  if (returns.length === 0) return none('No returns.');
  return (
    <AdminTable
      headings={['Order', 'Asked', 'Items', 'Refund', 'Status']}
      minWidthClass="min-w-[32rem]"
    >
      {returns.map((item) => (
        <tr key={item._id}>
          <td className="px-4 py-3">{orderLink(item.orderId)}</td>
          <td className="px-4 py-3 whitespace-nowrap text-ink-700">
            {formatDateTime(item.createdAt)}
          </td>
          <td className="px-4 py-3 text-ink-700">{item.itemCount}</td>
          <td className="px-4 py-3 text-ink-900">{formatRupees(item.refund)}</td>
          <td className="px-4 py-3 text-ink-800">{RETURN_STATUS_LABELS[item.status]}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

export function CustomerReviews({ reviews }: { reviews: Customer['reviews'] }) {
  if (reviews.length === 0) return none('No reviews.');
  return (
    <ul className="space-y-3 text-sm">
      {reviews.map((review) => (
        <li key={review._id}>
          <Link
            to={paths.product(review.productId)}
            className="font-semibold text-brand-700 hover:underline"
          >
            {review.productTitle}
          </Link>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <StarRating rating={review.rating} />
            <span className="text-ink-900">{review.title}</span>
            {review.hidden ? <span className="text-ink-600">(hidden)</span> : null}
          </div>
          <p className="text-ink-600">{formatDate(review.createdAt)}</p>
        </li>
      ))}
    </ul>
  );
}
