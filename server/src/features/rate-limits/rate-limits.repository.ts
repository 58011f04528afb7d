import { and, eq, lte, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { rateLimitCounters as counters } from '#server/db/schema/rate-limits.ts';

export interface CounterState {
  key: string;
  /** Hits in the current window, these included. */
  hits: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/** The end of a window that starts now, by the database's clock (one clock for every process). */
const windowEnd = (windowMs: number) => sql`now() + make_interval(secs => ${windowMs / 1000})`;
const live = sql`${counters.expiresAt} > now()`;
const returned = {
  key: counters.key,
  hits: counters.hits,
  ttlMs: sql<number>`greatest(0, extract(epoch from ${counters.expiresAt} - now()) * 1000)::integer`,
};

/**
 * Adds hits to several keys of one limit in one statement and answers each
 * key's total. The upsert is atomic: concurrent writers of one row queue on
 * its lock and each adds to the total the previous one committed, on every
 * process. An expired window restarts with these hits.
 */
export async function addHits(
  db: Database,
  name: string,
  windowMs: number,
  hits: { key: string; count: number }[],
): Promise<CounterState[]> {
  if (hits.length === 0) return [];
  return db
    .insert(counters)
    .values(
      hits.map(({ key, count }) => ({ name, key, hits: count, expiresAt: windowEnd(windowMs) })),
    )
    .onConflictDoUpdate({
      target: [counters.name, counters.key],
      set: {
        hits: sql`case when ${live} then ${counters.hits} + excluded.hits else excluded.hits end`,
        expiresAt: sql`case when ${live} then ${counters.expiresAt} else excluded.expires_at end`,
      },
    })
    .returning(returned);
}

/**
 * Takes `count` hits if the key stays within `max` in its window, atomically;
 * answers false (and changes nothing) when they would pass it.
 */
export async function takeHits(
  db: Database,
  name: string,
  key: string,
  max: number,
  windowMs: number,
  count = 1,
): Promise<boolean> {
  if (count > max) return false;
  const taken = await db
    .insert(counters)
    .values({ name, key, hits: count, expiresAt: windowEnd(windowMs) })
    .onConflictDoUpdate({
      target: [counters.name, counters.key],
      set: {
        hits: sql`case when ${live} then ${counters.hits} + ${count} else ${count} end`,
        expiresAt: sql`case when ${live} then ${counters.expiresAt} else excluded.expires_at end`,
      },
      setWhere: or(lte(counters.expiresAt, sql`now()`), sql`${counters.hits} + ${count} <= ${max}`),
    })
    .returning({ hits: counters.hits });
  return taken.length > 0;
}

/** A key's hits in its live window; 0 when it has none. */
export async function findHits(db: Database, name: string, key: string): Promise<number> {
  const [row] = await db
    .select({ hits: counters.hits })
    .from(counters)
    .where(and(eq(counters.name, name), eq(counters.key, key), live));
  return row?.hits ?? 0;
}

/** Gives back hits taken with takeHits. */
export async function giveBackHits(
  db: Database,
  name: string,
  key: string,
  count = 1,
): Promise<void> {
  await db
    .update(counters)
    .set({ hits: sql`greatest(${counters.hits} - ${count}, 0)` })
    .where(and(eq(counters.name, name), eq(counters.key, key)));
}

export async function deleteCounter(db: Database, name: string, key: string): Promise<void> {
  await db.delete(counters).where(and(eq(counters.name, name), eq(counters.key, key)));
}

export async function deleteExpiredCounters(db: Database): Promise<void> {
  await db.delete(counters).where(lte(counters.expiresAt, sql`now()`));
}
