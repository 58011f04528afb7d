import { z } from 'zod';
import { SizeSchema } from './catalogue.ts';

/**
 * Names and numbers (issue 29): each personalised piece carries a name and a
 * number printed on its back. A roster is the list of pieces, one row each.
 */
export const ROSTER_LIMITS = {
  nameMaxLength: 12,
  number: { min: 0, max: 99 },
  rows: 300,
} as const;

export const PERSONALISATION_EMPTY_MESSAGE = 'Give each row a name, a number or both';
const NUMBER_RANGE_MESSAGE = `number must be ${ROSTER_LIMITS.number.min} to ${ROSTER_LIMITS.number.max}`;

const PersonalisationFields = {
  name: z
    .string({ error: 'name must be text' })
    .trim()
    .max(
      ROSTER_LIMITS.nameMaxLength,
      `A name may have at most ${ROSTER_LIMITS.nameMaxLength} characters`,
    ),
  number: z
    .number({ error: 'number must be a whole number' })
    .int('number must be a whole number')
    .min(ROSTER_LIMITS.number.min, NUMBER_RANGE_MESSAGE)
    .max(ROSTER_LIMITS.number.max, NUMBER_RANGE_MESSAGE)
    .nullable(),
};

const hasNameOrNumber = (piece: { name: string; number: number | null }) =>
  piece.name.length > 0 || piece.number !== null;

/** What one piece's back says: a name (may be empty) and a number (may be null), not both empty. */
export const PersonalisationSchema = z
  .object(PersonalisationFields)
  .refine(hasNameOrNumber, PERSONALISATION_EMPTY_MESSAGE);
export type Personalisation = z.infer<typeof PersonalisationSchema>;

/** One roster row: a piece in a size with its name and number. */
export const RosterRowSchema = z
  .object({ size: SizeSchema, ...PersonalisationFields })
  .refine(hasNameOrNumber, PERSONALISATION_EMPTY_MESSAGE);
export type RosterRow = z.infer<typeof RosterRowSchema>;
