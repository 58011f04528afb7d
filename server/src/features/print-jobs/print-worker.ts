import type { Layer, PrintArea } from '#contract';
import type { Database } from '#server/db/client.ts';
import {
  createLeaseWorker,
  failedAttempt,
  type LeaseWorkerOptions,
} from '#server/lib/lease-worker.ts';
import { claimDueJobs, settleClaimedJob } from './print-jobs.repository.ts';

/** Where print files come from: the designs feature's renderer (print-file.ts). */
export type RenderPrint = (layers: readonly Layer[], area: PrintArea) => Promise<Buffer>;

export type PrintWorkerOptions = LeaseWorkerOptions;

export const PRINT_WORKER_DEFAULTS: Omit<PrintWorkerOptions, 'onError'> = {
  pollMs: 2_000,
  // A 300 × 400 mm side takes seconds on a loaded machine; ten photos, tens of seconds.
  leaseMs: 5 * 60_000,
  retryBaseMs: 30_000,
  maxAttempts: 3,
};

/**
 * Makes the print queue's files (decision 059), one job at a time: a print
 * file is tens of megabytes of pixels while drawn, and print-file.ts draws
 * one at a time in a process anyway. Each round claims one due job with a
 * lease (the shared lease worker's loop); a render that throws is retried
 * with back-off, and marked failed after the last attempt.
 */
export function createPrintWorker(db: Database, render: RenderPrint, options: PrintWorkerOptions) {
  return createLeaseWorker(async ({ now, leaseUntil }) => {
    const [job] = await claimDueJobs(db, { now, leaseUntil, limit: 1 });
    if (!job) return { handled: 0, more: false };
    const claim = { id: job.id, leaseUntil };
    let png: Buffer;
    try {
      png = await render(job.layers, job.area);
    } catch (error) {
      const failed = failedAttempt(options, job.attempts, error);
      await settleClaimedJob(db, claim, {
        status: failed.final ? 'failed' : 'queued',
        nextAttemptAt: failed.nextAttemptAt,
        lastError: failed.lastError,
      });
      // A job handled suggests more are due: go again at once.
      return { handled: 1, more: true };
    }
    await settleClaimedJob(db, claim, { status: 'done', png, lastError: null });
    return { handled: 1, more: true };
  }, options);
}

export type PrintWorker = ReturnType<typeof createPrintWorker>;
