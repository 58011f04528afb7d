import { Link } from 'react-router';
import { CardSection } from '#web/components/ui/card-section.tsx';
import { QueryResult } from '#web/components/ui/query-result.tsx';
import { paths } from '#web/config/paths.ts';
import { AddressManager } from '#web/features/addresses/components/address-manager.tsx';
import { CartPreview } from '#web/features/cart/components/cart-preview.tsx';
import { useOrders } from '#web/features/orders/api/list-orders.ts';
import { OrdersTable } from '#web/features/orders/components/orders-table.tsx';
import { useProfile } from '#web/features/profile/api/get-profile.ts';
import { ProfileDetails } from '#web/features/profile/components/profile-details.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/**
 * /profile (SPEC §2 Profile): the shopper's details with the Edit modal,
 * their orders, their delivery addresses and a summary of the cart.
 */
export function ProfileRoute() {
  useDocumentTitle('Your profile');
  const profile = useProfile();
  const orders = useOrders();

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-ink-900">Your profile</h1>
      <div className="mt-8 grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <CardSection id="profile-info" title="Profile info">
            <QueryResult query={profile} loading="Loading your profile...">
              {(user) => <ProfileDetails user={user} />}
            </QueryResult>
          </CardSection>

          <CardSection
            id="profile-orders"
            title="Your Orders"
            aside={
              orders.data && orders.data.length > 0 ? (
                <Link
                  to={paths.orders()}
                  className="rounded-sm text-sm font-semibold text-brand-700 hover:text-brand-800"
                >
                  See all orders
                </Link>
              ) : null
            }
          >
            <QueryResult query={orders} loading="Loading orders...">
              {(list) => <OrdersTable orders={list} />}
            </QueryResult>
          </CardSection>

          <AddressManager />
        </div>

        <CardSection id="profile-cart" title="Your cart" className="lg:sticky lg:top-24">
          <CartPreview />
        </CardSection>
      </div>
    </div>
  );
}
