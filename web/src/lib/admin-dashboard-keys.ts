import { getAdminDashboard } from '#contract';

/**
 * The back office's figures: what a change to an order or a product's stock
 * refreshes, from the orders and catalogue features. Apart from
 * query-keys.ts, which the shop's first load carries.
 */
export const adminDashboardKeys = {
  detail: [getAdminDashboard.path] as const,
};
