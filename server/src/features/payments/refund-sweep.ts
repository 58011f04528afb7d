import { createRepeatingTask, type RepeatingTaskOptions } from '#server/lib/repeating-task.ts';
import type { PaymentsService } from './payments.service.ts';

export interface RefundSweepOptions extends RepeatingTaskOptions {
  /** How old a pending refund must be: younger ones are still being sent by whoever wrote them. */
  graceMs: number;
}

/** Every minute, refunds pending for more than a minute are sent again (decision 021). */
export const REFUND_SWEEP_DEFAULTS = { intervalMs: 60_000, graceMs: 60_000 } as const;

/**
 * Runs the pending-refund sweep (decision 021) in the server process, one
 * round at a time; several processes may each run one (rows are claimed with
 * SKIP LOCKED).
 */
export function createRefundSweep(
  payments: Pick<PaymentsService, 'sweepPendingRefunds'>,
  options: RefundSweepOptions,
) {
  return createRepeatingTask(
    () => payments.sweepPendingRefunds({ graceMs: options.graceMs }),
    options,
  );
}
