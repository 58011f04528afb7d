import { Link } from 'react-router';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { ListResult } from '#web/components/ui/query-result.tsx';
import { EmptyState } from '#web/components/ui/status-message.tsx';
import { paths } from '#web/config/paths.ts';
import { useOrders } from '#web/features/orders/api/list-orders.ts';
import { OrderCard } from '#web/features/orders/components/order-card.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/** /orders: the shopper's orders, newest first (SPEC §2 Orders). */
export function OrdersRoute() {
  useDocumentTitle('Your Orders');
  const orders = useOrders();

  return (
    <section className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-ink-900">Your Orders</h1>
      <div className="mt-6">
        <ListResult
          query={orders}
          loading="Loading orders..."
          itemKey={(order) => order._id}
          empty={
            <EmptyState
              title="You haven’t placed any orders yet."
              actions={
                <Link to={paths.products()} className={buttonStyles()}>
                  Start shopping
                </Link>
              }
            >
              When you place an order, it shows up here so you can follow it to your door.
            </EmptyState>
          }
        >
          {(order) => <OrderCard order={order} />}
        </ListResult>
      </div>
    </section>
  );
}
