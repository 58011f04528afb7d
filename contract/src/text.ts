import { z } from 'zod';

/**
 * D37 Text is text: every free-text field refuses control characters (\p{Cc}:
 * C0, DEL and C1; NUL among them, which PostgreSQL cannot store in text) with
 * a 400 that says so, and so does half of a surrogate pair, which PostgreSQL
 * cannot store either. Multi-line fields (typed in a textarea) keep tabs and
 * line breaks; every other field refuses those too. As regexes, the rules
 * also reach the OpenAPI document as `pattern`.
 */
const NO_CONTROL_CHARACTERS = {
  singleLine: /^\P{Cc}*$/u,
  multiLine: /^[\t\n\r\P{Cc}]*$/u,
} as const;

/** A UTF-16 surrogate without its pair (JSON can carry one as `\ud800`) is no character at all. */
const NO_LONE_SURROGATES = /^\P{Cs}*$/u;

export const controlCharactersMessage = (label: string) =>
  `${label} must not contain control characters`;
export const brokenTextMessage = (label: string) => `${label} must be valid Unicode text`;

/**
 * A string that refuses control characters and broken Unicode, for the field `label` names as
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
    )
    .regex(NO_LONE_SURROGATES, brokenTextMessage(label));
}
