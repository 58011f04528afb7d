import type { AdminCustomerDetail, AdminCustomerPage, ListAdminCustomersQuery } from '#contract';
import type { Database } from '#server/db/client.ts';
import type { AddressesService } from '#server/features/addresses/addresses.service.ts';
import { notFound } from '#server/lib/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { pageResult, pageWindow } from '#server/lib/paging.ts';
import { toCustomer, toCustomerSummary } from './customers.mapper.ts';
import {
  findCustomer,
  findCustomerOrders,
  findCustomerPage,
  findCustomerReturns,
  findCustomerReviews,
  findSubscription,
} from './customers.repository.ts';

export const CUSTOMER_NOT_FOUND = 'Customer not found';

/** The owner's customers (issue 27): shoppers' accounts and what the shop holds about each. */
export function createCustomersService(
  db: Database,
  { addresses }: { addresses: Pick<AddressesService, 'listAddresses'> },
) {
  return {
    async listCustomers(query: ListAdminCustomersQuery): Promise<AdminCustomerPage> {
      const { rows, total } = await findCustomerPage(db, {
        search: query.search || undefined,
        ...pageWindow(query),
      });
      return pageResult(rows.map(toCustomerSummary), total, query);
    },

    async getCustomer(id: string): Promise<AdminCustomerDetail> {
      const row = isUuid(id) ? await findCustomer(db, id) : undefined;
      if (!row) throw notFound(CUSTOMER_NOT_FOUND);
      const [customerAddresses, orders, returns, reviews, subscription] = await Promise.all([
        addresses.listAddresses(id),
        findCustomerOrders(db, id),
        findCustomerReturns(db, id),
        findCustomerReviews(db, id),
        findSubscription(db, row.email),
      ]);
      return toCustomer(row, {
        addresses: customerAddresses,
        orders,
        returns,
        reviews,
        subscribedAt: subscription?.createdAt,
      });
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
