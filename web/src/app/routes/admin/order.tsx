import { Link, useParams } from 'react-router';
import { orderNumber } from '#contract';
import { BackLink } from '#web/components/ui/back-link.tsx';
import { CardSection } from '#web/components/ui/card-section.tsx';
import { OrderStatusBadge } from '#web/components/ui/order-status-badge.tsx';
import { QueryResult } from '#web/components/ui/query-result.tsx';
import { paths } from '#web/config/paths.ts';
import { AdminShell } from '#web/features/admin/components/admin-shell.tsx';
import { OrderDocuments } from '#web/features/invoices/components/order-documents.tsx';
import { useAdminOrder } from '#web/features/orders/api/admin-orders.ts';
import {
  OrderFacts,
  OrderItems,
  OrderPrices,
} from '#web/features/orders/components/order-details.tsx';
import { OrderEvents } from '#web/features/orders/components/order-events.tsx';
import { OrderStatusActions } from '#web/features/orders/components/order-status-actions.tsx';
import {
  PrintFileButtons,
  PrintFilesZipButton,
} from '#web/features/orders/components/print-file-buttons.tsx';
import { memberRefundLabel } from '#web/features/orders/utils/order-summary.ts';

/** /admin/orders/:id: one order with its shopper, items, address, payment and history. */
export function AdminOrderRoute() {
  const { id = '' } = useParams();
  const order = useAdminOrder(id);
  return (
    <AdminShell title={`Order ${orderNumber(id)}`}>
      <BackLink to={paths.adminOrders()}>All orders</BackLink>
      <div className="mt-4">
        <QueryResult query={order} loading="Loading order...">
          {(data) => (
            <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
              <div className="space-y-6">
                <CardSection
                  title="Status"
                  id="order-status"
                  aside={<OrderStatusBadge status={data.status} />}
                >
                  <OrderStatusActions order={data} />
                </CardSection>
                <CardSection title="Items" id="order-items">
                  <OrderItems
                    order={data}
                    itemActions={(item) => <PrintFileButtons order={data} item={item} />}
                  />
                  <PrintFilesZipButton order={data} />
                  <div className="mt-4 border-t border-ink-100 pt-4">
                    <OrderPrices order={data} />
                  </div>
                </CardSection>
                {data.memberRefunds.length > 0 ? (
                  <CardSection title="Members' refunds" id="order-member-refunds">
                    <ul className="space-y-1 text-sm text-ink-800">
                      {data.memberRefunds.map((refund) => (
                        <li key={`${refund.createdAt}-${refund.memberName}-${refund.amount}`}>
                          {memberRefundLabel(refund)}
                        </li>
                      ))}
                    </ul>
                  </CardSection>
                ) : null}
                <CardSection title="History" id="order-history">
                  <OrderEvents events={data.events} />
                </CardSection>
              </div>
              <div className="space-y-6">
                <CardSection title="Customer" id="order-customer">
                  <Link
                    to={paths.adminCustomer(data.customer._id)}
                    className="font-semibold text-brand-700 hover:underline"
                  >
                    {data.customer.name}
                  </Link>
                  <p className="text-sm break-all text-ink-700">{data.customer.email}</p>
                </CardSection>
                <CardSection title="Delivery and payment" id="order-facts">
                  <OrderFacts order={data} />
                </CardSection>
                <OrderDocuments orderId={data._id} historyLength={data.events.length} />
              </div>
            </div>
          )}
        </QueryResult>
      </div>
    </AdminShell>
  );
}
