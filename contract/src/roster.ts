import { z } from 'zod';
import { SizeSchema } from './catalogue.ts';
import { PERSONALISATION_EMPTY_MESSAGE, ROSTER_LIMITS } from './names-and-numbers.ts';
import { textSchema } from './text.ts';

// The limits live with the zod-free roster rules the designer checks as the shopper types.
export { PERSONALISATION_EMPTY_MESSAGE, ROSTER_LIMITS };

/**
 * Names and numbers (issue 29): each personalised piece carries a name and a
 * number printed on its back. A roster is the list of pieces, one row each.
 */
const NUMBER_RANGE_MESSAGE = `number must be ${ROSTER_LIMITS.number.min} to ${ROSTER_LIMITS.number.max}`;

const PersonalisationFields = {
  name: textSchema('name', { required: 'name must be text' })
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
