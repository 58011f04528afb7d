import { z } from 'zod';

/** One field's complaint, as every failure envelope lists them (D2). */
export const FieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** Every failed call answers this, with a real HTTP status (D2). */
export const FailureEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.array(FieldErrorSchema).optional(),
});
export type FailureEnvelope = z.infer<typeof FailureEnvelopeSchema>;

/** Every successful call answers `{ success: true, message?, result }` (D2). */
export function successEnvelope<Result extends z.ZodType>(result: Result) {
  return z.object({
    success: z.literal(true),
    message: z.string().optional(),
    result,
  });
}
