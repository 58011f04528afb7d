import { z } from 'zod';

/**
 * D37 Text is text: every free-text field refuses control characters (\p{Cc}:
 * C0, DEL and C1; NUL among them, which PostgreSQL cannot store in text) with
 * a 400 that says so. Multi-line fields (typed in a textarea) keep tabs and
 * line breaks; every other field refuses those too. As regexes, the rules
 * also reach the OpenAPI document as `pattern`.
 */
const NO_CONTROL_CHARACTERS = {
  singleLine: /^\P{Cc}*$/u,
  multiLine: /^(?:[\t\n\r]|\P{Cc})*$/u,
} as const;

export const controlCharactersMessage = (label: string) =>
  `${label} must not contain control characters`;

/**
 * A string that refuses control characters, for the field `label` names as
 * the shopper reads it; chain trim/min/max after it. `required` is the
 * message for a missing or non-string value.
 */
export function textSchema(
  label: string,
  { multiLine = false, required = `${label} is required` } = {},
) {
  return z
    .string({ error: required })
    .regex(
      NO_CONTROL_CHARACTERS[multiLine ? 'multiLine' : 'singleLine'],
      controlCharactersMessage(label),
    );
}
