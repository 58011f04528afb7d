import { useState } from 'react';
import { type AdminCoupon, formatRupees } from '#contract';
import { AdminTable } from '#web/components/ui/admin-table.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useDeleteCoupon } from '../api/coupons.ts';

const HEADINGS = [
  'Code',
  'Discount',
  'Conditions',
  'Uses',
  'Discount given',
  'Revenue',
  'Status',
  'Actions',
] as const;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  });

function discountOf(coupon: AdminCoupon): string {
  const off =
    coupon.kind === 'percent' ? `${coupon.value}% off` : `${formatRupees(coupon.value)} off`;
  return coupon.maxDiscount === null ? off : `${off}, up to ${formatRupees(coupon.maxDiscount)}`;
}

function conditionsOf(coupon: AdminCoupon): string[] {
  return [
    coupon.minOrder > 0 ? `Orders of ${formatRupees(coupon.minOrder)} or more` : '',
    coupon.startsAt ? `From ${when(coupon.startsAt)}` : '',
    coupon.endsAt ? `Until ${when(coupon.endsAt)}` : '',
    coupon.perCustomerLimit === null ? '' : `${coupon.perCustomerLimit} per customer`,
    coupon.firstOrderOnly ? 'First order only' : '',
  ].filter(Boolean);
}

const buttonStyle =
  'inline-flex h-9 items-center rounded-full px-3 text-sm font-semibold text-ink-700 hover:bg-ink-100';

/** The owner's coupons with what each did: uses, discount given and revenue (orders not cancelled). */
export function CouponsList({
  coupons,
  onEdit,
}: {
  coupons: AdminCoupon[];
  onEdit: (coupon: AdminCoupon) => void;
}) {
  const remove = useDeleteCoupon();
  const [deleting, setDeleting] = useState<AdminCoupon | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.code);
      toast.success(`${deleting.code} deleted`);
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
    setDeleting(null);
  };

  if (coupons.length === 0) return <p className="text-sm text-ink-700">No coupons yet.</p>;
  return (
    <>
      <AdminTable headings={HEADINGS} minWidthClass="min-w-[64rem]">
        {coupons.map((coupon) => (
          <tr key={coupon.code}>
            <td className="px-4 py-3">
              <p className="font-semibold text-ink-900">{coupon.code}</p>
              <p className="text-ink-700">{coupon.description}</p>
            </td>
            <td className="px-4 py-3">{discountOf(coupon)}</td>
            <td className="px-4 py-3">
              {conditionsOf(coupon).map((condition) => (
                <p key={condition}>{condition}</p>
              ))}
            </td>
            <td className="px-4 py-3">
              {coupon.usageLimit === null ? coupon.uses : `${coupon.uses} of ${coupon.usageLimit}`}
            </td>
            <td className="px-4 py-3">{formatRupees(coupon.discountGiven)}</td>
            <td className="px-4 py-3">{formatRupees(coupon.revenue)}</td>
            <td className="px-4 py-3">{coupon.active ? 'Active' : 'Inactive'}</td>
            <td className="px-4 py-3">
              <div className="flex gap-1">
                <button
                  type="button"
                  className={buttonStyle}
                  onClick={() => onEdit(coupon)}
                  aria-label={`Edit ${coupon.code}`}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className={buttonStyle}
                  onClick={() => setDeleting(coupon)}
                  aria-label={`Delete ${coupon.code}`}
                >
                  Delete
                </button>
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.code}?`}
          description="Shoppers can no longer use it; orders keep the code they used."
          keepLabel="Keep it"
          confirmLabel="Delete"
          pendingLabel="Deleting…"
          pending={remove.isPending}
          onKeep={() => setDeleting(null)}
          onConfirm={confirmDelete}
        />
      )}
    </>
  );
}
