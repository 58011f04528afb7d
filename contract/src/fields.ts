import { z } from 'zod';
import { textSchema } from './text.ts';

/**
 * Field rules with the messages a shopper reads (SPEC §5 with D6/D7 wording),
 * shared by the forms and the server.
 */

export const PASSWORD_RULE =
  /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?#&])[A-Za-z\d@$!%*?#&]{8,}$/;
export const PASSWORD_MESSAGE =
  'Password must be 8+ characters with upper and lower case letters, a number and a symbol (@$!%*?#&)';
export const PASSWORD_MAX_LENGTH = 128;

/** Emails are trimmed and compared case-insensitively (D14). */
export const EmailSchema = textSchema('Email')
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ error: 'Invalid Email format' }))
  .transform((email) => email.toLowerCase());

export const NewPasswordSchema = textSchema('Password')
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .regex(PASSWORD_RULE, PASSWORD_MESSAGE);

export const NameSchema = textSchema('Name')
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');

/** Digits with optional +, spaces, dashes and brackets; 7 to 15 digits. */
export const PhoneSchema = textSchema('Phone Number')
  .trim()
  .max(20, 'Phone Number must be at most 20 characters')
  .regex(/^\+?[\d\s()-]*$/, 'Phone Number may contain digits, spaces, +, - and brackets only')
  .refine((phone) => {
    const digits = phone.replace(/\D/g, '').length;
    return digits === 0 || (digits >= 7 && digits <= 15);
  }, 'Phone Number must have 7 to 15 digits')
  .meta({ examples: ['+91 98765 43210', '(080) 2345-6789'] });

/** A required text field with its SPEC §5 message and a length limit (multi-line: a textarea's). */
export function requiredText(label: string, maxLength: number, { multiLine = false } = {}) {
  return textSchema(label, { multiLine })
    .trim()
    .min(1, `${label} is required`)
    .max(maxLength, `${label} must be at most ${maxLength} characters`);
}

/** The token of an emailed link; anything that cannot be one answers as a dead link does. */
export const linkTokenSchema = (invalid: string) =>
  textSchema('token', { required: invalid }).min(1, invalid).max(200, invalid);

/**
 * The body of the call an emailed link's page makes: the link's token alone,
 * refused with the link's own message. (A helper for the body, not the whole
 * endpoint: each endpoint stays a literal given to defineEndpoint, so the web
 * bundler can drop the schemas of calls a page only names.)
 */
export const linkTokenBodySchema = (invalid: string) =>
  z.object({ token: linkTokenSchema(invalid) });
