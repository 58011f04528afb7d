import { z } from 'zod';
import { textSchema } from './text.ts';

/** Opaque identifiers travel as `_id` strings (D3). */
export const IdSchema = textSchema('An id').min(1).max(64);

export const IdParamsSchema = z.object({ id: textSchema('The id').max(64) });
export type IdParams = z.infer<typeof IdParamsSchema>;

/** A rupee amount as the API answers it: `499` or `499.5` (D4). */
export const RupeesSchema = z.number().nonnegative();

/** Money is counted in whole paise (stored, taxed) and travels as rupees (D4): the two conversions. */
export const paiseToRupees = (paise: number): number => paise / 100;
export const rupeesToPaise = (rupees: number): number => Math.round(rupees * 100);

/** An ISO-8601 timestamp. */
export const TimestampSchema = z.iso.datetime({ offset: true });

export const PAGE_SIZE_DEFAULT = 24;
export const PAGE_SIZE_MAX = 100;

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be 1 or more')
    .max(PAGE_SIZE_MAX, `limit must be at most ${PAGE_SIZE_MAX}`)
    .default(PAGE_SIZE_DEFAULT),
});

export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    results: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pages: z.number().int().nonnegative(),
    limit: z.number().int().positive(),
  });
}

/**
 * The items of a list in a query string, trimmed, without blanks or repeats:
 * the spec's client sends `size=S,M` (comma-joined); repeated parameters
 * (`size=S&size=M`) are accepted too. The web reads its URL with it too.
 */
export function splitQueryList(value: unknown): string[] {
  const parts = (Array.isArray(value) ? value : [value])
    .filter((part): part is string => typeof part === 'string')
    .flatMap((part) => part.split(','))
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return [...new Set(parts)];
}

/** A list in a query string ({@link splitQueryList}); absent when it has no items. */
export function queryList<Item extends z.ZodType>(item: Item) {
  return z.preprocess((value) => {
    const parts = splitQueryList(value);
    return parts.length > 0 ? parts : undefined;
  }, z.array(item).max(50).optional());
}

/** A true/false query flag, e.g. `?archived=true`; absent means "either". */
export const queryFlag = (name: string) =>
  z.stringbool({ error: `${name} must be true or false` }).optional();

/** The search box of the owner's lists. */
export const SearchTextSchema = textSchema('search')
  .trim()
  .max(100, 'search must be at most 100 characters')
  .optional();
