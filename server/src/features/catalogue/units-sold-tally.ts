import { createRepeatingTask, type RepeatingTaskOptions } from '#server/lib/repeating-task.ts';
import type { CatalogueService } from './catalogue.service.ts';

/**
 * Every five seconds: how far behind its sales the best-seller order may be
 * (decision 026).
 */
export const UNITS_SOLD_TALLY_DEFAULTS = { intervalMs: 5_000 } as const;

/**
 * Folds the units sold ledger into the products' counts in the server
 * process, one round at a time; several processes may each run one (a tally
 * takes only the ledger rows of the products it locked).
 */
export function createUnitsSoldTally(
  catalogue: Pick<CatalogueService, 'tallyUnitsSold'>,
  options: RepeatingTaskOptions,
) {
  return createRepeatingTask(() => catalogue.tallyUnitsSold(), options);
}
