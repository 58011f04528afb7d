export interface RepeatingTaskOptions {
  /** The pause between the end of one round and the start of the next. */
  intervalMs: number;
  /** Where a failed round is reported (a lost database connection); the next round runs anyway. */
  onError?: (error: unknown) => void;
}

/**
 * Runs `round` in this process every `intervalMs`, one round at a time: a
 * slow round delays the next instead of overlapping it.
 */
export function createRepeatingTask(round: () => Promise<unknown>, options: RepeatingTaskOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopping = false;

  function schedule() {
    if (stopping) return;
    timer = setTimeout(() => {
      running = round()
        .catch((error: unknown) => options.onError?.(error))
        .finally(schedule);
    }, options.intervalMs);
  }

  return {
    start: schedule,
    /** Stops and waits for the round in progress. */
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await running;
    },
  };
}
