import { createRepeatingTask, type RepeatingTaskOptions } from '#server/lib/repeating-task.ts';
import type { OnlinePayments } from './online-payments.ts';

/**
 * Runs the sweep of unpaid online orders (issue 25) in the server process,
 * one round at a time; every process may run one (orders are claimed with
 * SKIP LOCKED).
 */
export function createPaymentSweep(online: OnlinePayments, options: RepeatingTaskOptions) {
  return createRepeatingTask(() => online.sweepUnpaidOrders(), options);
}
