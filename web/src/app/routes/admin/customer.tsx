import { useParams } from 'react-router';
import { BackLink } from '#web/components/ui/back-link.tsx';
import { CardSection } from '#web/components/ui/card-section.tsx';
import { QueryResult } from '#web/components/ui/query-result.tsx';
import { paths } from '#web/config/paths.ts';
import { AdminShell } from '#web/features/admin/components/admin-shell.tsx';
import { useAdminCustomer } from '#web/features/customers/api/customers.ts';
import {
  CustomerAddresses,
  CustomerFacts,
  CustomerOrders,
  CustomerReturns,
  CustomerReviews,
} from '#web/features/customers/components/customer-details.tsx';

/** /admin/customers/:id: one shopper with addresses, orders, returns, reviews and the newsletter. */
export function AdminCustomerRoute() {
  const { id = '' } = useParams();
  const customer = useAdminCustomer(id);
  return (
    <AdminShell title={customer.data?.name ?? 'Customer'}>
      <BackLink to={paths.adminCustomers()}>All customers</BackLink>
      <div className="mt-4">
        <QueryResult query={customer} loading="Loading customer...">
          {(data) => (
            <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
              <div className="space-y-6">
                <CardSection title="Orders" id="customer-orders">
                  <CustomerOrders orders={data.orderHistory} />
                </CardSection>
                <CardSection title="Returns" id="customer-returns">
                  <CustomerReturns returns={data.returns} />
                </CardSection>
                <CardSection title="Reviews" id="customer-reviews">
                  <CustomerReviews reviews={data.reviews} />
                </CardSection>
              </div>
              <div className="space-y-6">
                <CardSection title="Details" id="customer-details">
                  <CustomerFacts customer={data} />
                </CardSection>
                <CardSection title="Addresses" id="customer-addresses">
                  <CustomerAddresses addresses={data.addresses} />
                </CardSection>
              </div>
            </div>
          )}
        </QueryResult>
      </div>
    </AdminShell>
  );
}
