import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { createRepeatingTask, type RepeatingTaskOptions } from '#server/lib/repeating-task.ts';
import type { Database } from './client.ts';
import { rowsOf } from './rows.ts';

/**
 * Autovacuum's naptime: a look at the tables every minute. The catch-up waits
 * a few seconds after the shop listens, so the first answers after a restart
 * (a health check, the shoppers' retried pages) do not queue behind it (issue 30).
 */
export const PGLITE_AUTOVACUUM_DEFAULTS = { intervalMs: 60_000, catchUpAfterMs: 3_000 } as const;

/**
 * The tables past PostgreSQL's default autovacuum thresholds: dead rows over
 * 50 + 20% of the table, or inserts since the last vacuum over 1,000 + 20%
 * (to set the visibility map), vacuum and analyse; changes since the last
 * analyse over 50 + 10% analyse only.
 */
const DUE_TABLES = sql`
  select s.schemaname as schema, s.relname as table,
    s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
      or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0) as vacuum
  from pg_stat_user_tables s
  join pg_class c on c.oid = s.relid
  where s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
    or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
    or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)`;

/** This session's counts reach the statistics views at its next flush, at most once a second. */
const flushStatistics = (db: Database) => db.execute(sql`select pg_stat_force_next_flush()`);

/** Vacuums and analyses the tables past autovacuum's thresholds; returns what it did. */
export async function vacuumDueTables(db: Database): Promise<string[]> {
  await flushStatistics(db);
  const due = rowsOf<{ schema: string; table: string; vacuum: boolean }>(
    await db.execute(DUE_TABLES),
  );
  for (const { schema, table, vacuum } of due) {
    const name = sql`${sql.identifier(schema)}.${sql.identifier(table)}`;
    await db.execute(vacuum ? sql`vacuum (analyze) ${name}` : sql`analyze ${name}`);
  }
  return due.map(({ table, vacuum }) => `${vacuum ? 'vacuum' : 'analyze'} ${table}`);
}

/** Every table of the shop's, for the catch-up at start. */
const USER_TABLES = sql`select schemaname as schema, relname as table from pg_stat_user_tables`;

/**
 * PostgreSQL's autovacuum for PGlite, which runs the database in this process
 * with no background workers, so nothing else ever vacuums it. Without it dead
 * rows pile up, and after bulk writes (a seed, a migration that rewrites a
 * table) the visibility map stays unset and the planner gives up index-only
 * scans: page 2000 of a 100,000-product listing took 167 ms instead of 14 ms.
 * PGlite forgets its table statistics when it closes, so `catchUp` vacuums
 * every table once at start; then each round does what autovacuum would.
 */
export function createPgliteAutovacuum(
  db: Database,
  options: RepeatingTaskOptions & { catchUpAfterMs?: number },
) {
  const rounds = createRepeatingTask(() => vacuumDueTables(db), options);
  let timer: NodeJS.Timeout | undefined;
  let catchingUp: Promise<void> | undefined;
  let stopping = false;

  /**
   * One table at a time, giving way to the event loop between tables: PGlite
   * holds the process while it vacuums, and a whole-database vacuum kept the
   * shop's first answers waiting seconds (issue 30).
   */
  async function catchUp() {
    await flushStatistics(db);
    const tables = rowsOf<{ schema: string; table: string }>(await db.execute(USER_TABLES));
    for (const { schema, table } of tables) {
      if (stopping) return;
      await nextTurn();
      await db.execute(sql`vacuum (analyze) ${sql.identifier(schema)}.${sql.identifier(table)}`);
    }
  }

  return {
    catchUp,
    /** The catch-up `catchUpAfterMs` from now, then a round every `intervalMs`. */
    start() {
      timer = setTimeout(() => {
        catchingUp = catchUp()
          .catch((error: unknown) => options.onError?.(error))
          .then(() => {
            if (!stopping) rounds.start();
          });
      }, options.catchUpAfterMs ?? 0);
    },
    /** Stops and waits for the table or round in progress. */
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await catchingUp;
      await rounds.stop();
    },
  };
}
