import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/**
 * The daily low-stock email (issue 27): sizes at or below the owner's
 * threshold, and what sold out since the last one, mailed to every admin
 * once a day; no email when nothing is low.
 */

/** India's hour of the day from which the day's email is due. */
export const LOW_STOCK_EMAIL_HOUR = 8;
export const LOW_STOCK_THRESHOLD_MAX = 1000;

export const LowStockSettingsSchema = z.object({
  threshold: z.coerce
    .number({ error: 'Threshold must be a whole number' })
    .int('Threshold must be a whole number')
    .min(0, 'Threshold must be 0 or more')
    .max(LOW_STOCK_THRESHOLD_MAX, `Threshold must be at most ${LOW_STOCK_THRESHOLD_MAX}`),
});
export type LowStockSettings = z.infer<typeof LowStockSettingsSchema>;

export const getLowStockSettings = defineEndpoint({
  name: 'getLowStockSettings',
  method: 'GET',
  path: '/admin/low-stock-settings',
  tag: 'admin',
  summary: 'The low-stock threshold of the daily email to the admins and of the dashboard',
  auth: 'admin',
  result: LowStockSettingsSchema,
});

export const updateLowStockSettings = defineEndpoint({
  name: 'updateLowStockSettings',
  method: 'PUT',
  path: '/admin/low-stock-settings',
  tag: 'admin',
  summary: 'Set the low-stock threshold: sizes with this many units or fewer are listed',
  auth: 'admin',
  body: LowStockSettingsSchema,
  result: LowStockSettingsSchema,
});
