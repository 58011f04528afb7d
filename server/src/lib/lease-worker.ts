/** How a queue's worker claims and retries its rows (the outbox D29, the print queue decision 059). */
export interface LeaseWorkerOptions {
  /** The pause between rounds that found nothing more to do. */
  pollMs: number;
  /** How long a claimed row is this worker's: past it, another worker takes it (this one died). */
  leaseMs: number;
  /** The first retry's wait; each next one waits twice as long. */
  retryBaseMs: number;
  /** Attempts before a row is marked failed. */
  maxAttempts: number;
  /** Where a problem of the worker itself is reported (a lost database connection). */
  onError?: ((error: unknown) => void) | undefined;
}

/** One round's claim: rows claimed now are the worker's until `leaseUntil`. */
export interface LeaseRound {
  now: Date;
  leaseUntil: Date;
  /** Whether the worker is stopping: a round hands back what it has not started. */
  stopping: () => boolean;
}

/** What a round did: how many rows it handled, and whether more are likely due at once. */
export interface LeaseRoundResult {
  handled: number;
  more: boolean;
}

/** An error is kept only this long: the mail server's or the renderer's message, never a design. */
const ERROR_MAX_LENGTH = 500;

/** How long the n-th failed attempt waits before the next: base, 2 × base, 4 × base, … */
export const retryDelay = (retryBaseMs: number, attempts: number) =>
  retryBaseMs * 2 ** Math.max(0, attempts - 1);

/**
 * A failed attempt at a claimed row: retried after the back-off, or failed
 * for good after the last attempt; its error kept short.
 */
export function failedAttempt(
  options: Pick<LeaseWorkerOptions, 'retryBaseMs' | 'maxAttempts'>,
  attempts: number,
  error: unknown,
) {
  return {
    final: attempts >= options.maxAttempts,
    nextAttemptAt: new Date(Date.now() + retryDelay(options.retryBaseMs, attempts)),
    lastError: (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX_LENGTH),
  };
}

/**
 * The poll loop a queue's worker runs in each process: one round at a time,
 * each claiming due rows with a lease (the round's own SKIP LOCKED claim, so
 * workers in several processes never take the same row); a round that
 * suggests more are due runs again at once, otherwise after `pollMs`. A
 * round that throws is reported and the loop goes on.
 */
export function createLeaseWorker(
  round: (claim: LeaseRound) => Promise<LeaseRoundResult>,
  options: LeaseWorkerOptions,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<LeaseRoundResult> | undefined;
  let started = false;
  let stopping = false;

  /** One round now; answers how many rows it handled. */
  async function runOnce(): Promise<number> {
    return (await runRound()).handled;
  }

  function runRound(): Promise<LeaseRoundResult> {
    const now = new Date();
    return round({
      now,
      leaseUntil: new Date(now.getTime() + options.leaseMs),
      stopping: () => stopping,
    });
  }

  function schedule(delayMs: number) {
    if (stopping) return;
    timer = setTimeout(() => {
      running = runRound();
      running
        .then(({ more }) => schedule(more ? 0 : options.pollMs))
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
    /** Stops polling and waits for the round in progress. */
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
