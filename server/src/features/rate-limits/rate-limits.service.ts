import type { Database } from '#server/db/client.ts';
import {
  addHits,
  deleteCounter,
  deleteExpiredCounters,
  findHits,
  giveBackHits,
  takeHits,
} from './rate-limits.repository.ts';

export interface Limit {
  /** Which limit: 'login:email', ... */
  name: string;
  /** Whom it limits: an email, a client address. */
  key: string;
  max: number;
}

/**
 * Rate-limit counters kept in the database, so every server process sees the
 * same counts (D30). Exact: each call is one atomic statement.
 */
export function createRateLimitsService(db: Database) {
  return {
    /**
     * Takes one hit from every limit, or from none: false when any of them is
     * used up (the hits already taken are given back).
     */
    async reserve(limits: Limit[], windowMs: number): Promise<boolean> {
      const taken: Limit[] = [];
      for (const limit of limits) {
        if (!(await takeHits(db, limit.name, limit.key, limit.max, windowMs))) {
          for (const done of taken) await giveBackHits(db, done.name, done.key);
          return false;
        }
        taken.push(limit);
      }
      return true;
    },

    /** A key's hits in its current window (0 when none), without adding one. */
    hits: (name: string, key: string) => findHits(db, name, key),

    giveBack: (name: string, key: string, count = 1) => giveBackHits(db, name, key, count),

    /**
     * Takes `count` hits from one limit (bytes, say), or none: false when they
     * would pass its max in the window.
     */
    take: (limit: Limit, windowMs: number, count: number) =>
      takeHits(db, limit.name, limit.key, limit.max, windowMs, count),

    /** Forgets a key's hits: its window starts afresh. */
    reset: (name: string, key: string) => deleteCounter(db, name, key),

    /** Adds hits (refused ones too) and answers each key's total in its window. */
    count: (name: string, windowMs: number, hits: { key: string; count: number }[]) =>
      addHits(db, name, windowMs, hits),

    deleteExpired: () => deleteExpiredCounters(db),
  };
}

export type RateLimitsService = ReturnType<typeof createRateLimitsService>;
