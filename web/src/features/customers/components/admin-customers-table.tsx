import { Link } from 'react-router';
import { type AdminCustomerSummary, formatRupees } from '#contract';
import { AdminTable } from '#web/components/ui/admin-table.tsx';
import { paths } from '#web/config/paths.ts';
import { formatDate } from '#web/utils/format-date.ts';

/** Shoppers as the owner lists them; each name opens the customer's page. */
export function AdminCustomersTable({ customers }: { customers: AdminCustomerSummary[] }) {
  return (
    <AdminTable
      headings={['Customer', 'Joined', 'Orders', 'Total spent', 'Last order']}
      minWidthClass="min-w-[40rem]"
    >
      {customers.map((customer) => (
        <tr key={customer._id}>
          <td className="px-4 py-3">
            <Link
              to={paths.adminCustomer(customer._id)}
              className="block font-semibold text-brand-700 hover:underline"
            >
              {customer.name}
            </Link>
            <span className="block break-all text-ink-600">{customer.email}</span>
          </td>
          <td className="px-4 py-3 whitespace-nowrap text-ink-700">
            {formatDate(customer.joinedAt)}
          </td>
          <td className="px-4 py-3 text-ink-700">{customer.orders}</td>
          <td className="px-4 py-3 font-semibold text-ink-900">
            {formatRupees(customer.totalSpent)}
          </td>
          <td className="px-4 py-3 whitespace-nowrap text-ink-700">
            {customer.lastOrderAt ? formatDate(customer.lastOrderAt) : 'None yet'}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
