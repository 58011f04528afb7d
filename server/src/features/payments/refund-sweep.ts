import type { PaymentsService } from './payments.service.ts';

export interface RefundSweepOptions {
  /** How often to look for refunds left pending. */
  intervalMs: number;
  /** How old a pending refund must be: younger ones are still being sent by whoever wrote them. */
  graceMs: number;
  /** Where a failed round is reported (a lost database connection). */
  onError?: (error: unknown) => void;
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
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopping = false;

  function schedule() {
    if (stopping) return;
    timer = setTimeout(() => {
      running = payments
        .sweepPendingRefunds({ graceMs: options.graceMs })
        .catch((error: unknown) => options.onError?.(error))
        .finally(schedule);
    }, options.intervalMs);
  }

  return {
    start: schedule,
    /** Stops sweeping and waits for the round in progress. */
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await running;
    },
  };
}
