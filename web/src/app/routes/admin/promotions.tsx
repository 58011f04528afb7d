import { useState } from 'react';
import type { AdminCoupon } from '#contract';
import { CardSection } from '#web/components/ui/card-section.tsx';
import { QueryResult } from '#web/components/ui/query-result.tsx';
import { AdminShell } from '#web/features/admin/components/admin-shell.tsx';
import { useCoupons } from '#web/features/promotions/api/coupons.ts';
import { CouponForm } from '#web/features/promotions/components/coupon-form.tsx';
import { CouponsList } from '#web/features/promotions/components/coupons-list.tsx';

/** What the form is for: nothing open, a new coupon, or one coupon's rules. */
type Editing = { kind: 'closed' } | { kind: 'new' } | { kind: 'edit'; coupon: AdminCoupon };

/** /admin/promotions: the shop's coupons, what each did, and a form to add or change one (issue 27). */
export function AdminPromotionsRoute() {
  const coupons = useCoupons();
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });
  const close = () => setEditing({ kind: 'closed' });

  return (
    <AdminShell
      title="Promotions"
      actions={
        editing.kind === 'closed' && (
          <button
            type="button"
            onClick={() => setEditing({ kind: 'new' })}
            className="inline-flex h-11 items-center rounded-full bg-ink-900 px-5 text-sm font-semibold text-white hover:bg-ink-700"
          >
            New coupon
          </button>
        )
      }
    >
      <div className="flex flex-col gap-6">
        {editing.kind !== 'closed' && (
          <CardSection
            title={editing.kind === 'new' ? 'New coupon' : `Edit ${editing.coupon.code}`}
            id="coupon-form"
          >
            <CouponForm
              key={editing.kind === 'new' ? 'new' : editing.coupon.code}
              {...(editing.kind === 'edit' && { coupon: editing.coupon })}
              onDone={close}
            />
          </CardSection>
        )}
        <CardSection title="Coupons" id="coupons">
          <QueryResult query={coupons} loading="Loading the coupons...">
            {(loaded) => (
              <CouponsList
                coupons={loaded}
                onEdit={(coupon) => setEditing({ kind: 'edit', coupon })}
              />
            )}
          </QueryResult>
        </CardSection>
      </div>
    </AdminShell>
  );
}
