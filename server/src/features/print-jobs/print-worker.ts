import type { Layer, PrintArea } from '#contract';
import type { Database } from '#server/db/client.ts';
import { claimDueJobs, settleClaimedJob } from './print-jobs.repository.ts';

/** Where print files come from: the designs feature's renderer (print-file.ts). */
export type RenderPrint = (layers: readonly Layer[], area: PrintArea) => Promise<Buffer>;

export interface PrintWorkerOptions {
  /** The pause between rounds that found nothing to do. */
  pollMs: number;
  /** How long a claimed job is this worker's: past it, another worker takes it (this one died). */
  leaseMs: number;
  /** The first retry's wait; each next one waits twice as long. */
  retryBaseMs: number;
  /** Attempts before a job is marked failed. */
  maxAttempts: number;
  /** Where a problem of the worker itself is reported (a lost database connection). */
  onError?: (error: unknown) => void;
}

export const PRINT_WORKER_DEFAULTS: Omit<PrintWorkerOptions, 'onError'> = {
  pollMs: 2_000,
  // A 300 × 400 mm side takes seconds on a loaded machine; ten photos, tens of seconds.
  leaseMs: 5 * 60_000,
  retryBaseMs: 30_000,
  maxAttempts: 3,
};

/** An error is kept only this long: resvg's or sharp's message, never a design. */
const ERROR_MAX_LENGTH = 500;

/**
 * Makes the print queue's files (decision 059), one job at a time: a print
 * file is tens of megabytes of pixels while drawn, and print-file.ts draws
 * one at a time in a process anyway. Each round claims one due job (SKIP
 * LOCKED, so workers in several processes never take the same one) with a
 * lease; a render that throws is retried with back-off, and marked failed
 * after the last attempt.
 */
export function createPrintWorker(db: Database, render: RenderPrint, options: PrintWorkerOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let started = false;
  let stopping = false;

  /** One round: claims a job and makes it; answers how many it handled (0 or 1). */
  async function runOnce(): Promise<number> {
    const now = new Date();
    const leaseUntil = new Date(now.getTime() + options.leaseMs);
    const [job] = await claimDueJobs(db, { now, leaseUntil, limit: 1 });
    if (!job) return 0;
    const claim = { id: job.id, leaseUntil };
    let png: Buffer;
    try {
      png = await render(job.layers, job.area);
    } catch (error) {
      const finalAttempt = job.attempts >= options.maxAttempts;
      await settleClaimedJob(db, claim, {
        status: finalAttempt ? 'failed' : 'queued',
        nextAttemptAt: new Date(
          Date.now() + options.retryBaseMs * 2 ** Math.max(0, job.attempts - 1),
        ),
        lastError: (error instanceof Error ? error.message : String(error)).slice(
          0,
          ERROR_MAX_LENGTH,
        ),
      });
      return 1;
    }
    await settleClaimedJob(db, claim, { status: 'done', png, lastError: null });
    return 1;
  }

  function schedule(delayMs: number) {
    if (stopping) return;
    timer = setTimeout(() => {
      running = runOnce();
      running
        // A job made suggests more are due: go again at once.
        .then((handled) => schedule(handled > 0 ? 0 : options.pollMs))
        .catch((error: unknown) => {
          options.onError?.(error);
          schedule(options.pollMs);
        });
    }, delayMs);
  }

  return {
    runOnce,
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    /** Stops polling and waits for the job in progress. */
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}

export type PrintWorker = ReturnType<typeof createPrintWorker>;
