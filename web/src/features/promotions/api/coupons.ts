import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CouponRules,
  createAdminCoupon,
  deleteAdminCoupon,
  listAdminCoupons,
  updateAdminCoupon,
} from '#contract';
import { apiCall } from '#web/lib/api-client.ts';

/** The owner's coupons, as /admin/promotions lists them (issue 27). */
export const couponKeys = { all: ['admin-coupons'] as const };

export const couponsQueryOptions = () =>
  queryOptions({
    queryKey: couponKeys.all,
    queryFn: ({ signal }) => apiCall(listAdminCoupons, { signal }),
  });

export function useCoupons() {
  return useQuery(couponsQueryOptions());
}

/** A new coupon, or an existing one's rules replaced; the list is read again after. */
export function useSaveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, rules, isNew }: { code: string; rules: CouponRules; isNew: boolean }) =>
      isNew
        ? apiCall(createAdminCoupon, { body: { code, ...rules } })
        : apiCall(updateAdminCoupon, { params: { code }, body: rules }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiCall(deleteAdminCoupon, { params: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
}
