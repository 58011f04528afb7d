import { ListPage } from '#web/components/layouts/list-page.tsx';
import { paths } from '#web/config/paths.ts';
import { useOrders } from '#web/features/orders/api/list-orders.ts';
import { OrderCard } from '#web/features/orders/components/order-card.tsx';

/** /orders: the shopper's orders, newest first (SPEC §2 Orders). */
export function OrdersRoute() {
  const orders = useOrders();
  return (
    <ListPage
      title="Your Orders"
      query={orders}
      loading="Loading orders..."
      itemKey={(order) => order._id}
      empty={{
        title: 'You haven’t placed any orders yet.',
        text: 'When you place an order, it shows up here so you can follow it to your door.',
        action: { label: 'Start shopping', to: paths.products() },
      }}
    >
      {(order) => <OrderCard order={order} />}
    </ListPage>
  );
}
