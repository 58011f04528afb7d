import { z } from 'zod';
import { UserSchema } from './auth.ts';
import { defineEndpoint } from './endpoint.ts';
import {
  EmailSchema,
  linkTokenBodySchema,
  NameSchema,
  PASSWORD_MAX_LENGTH,
  PhoneSchema,
} from './fields.ts';
import { textSchema } from './text.ts';

// ---------------------------------------------------------------- email change (issue 23)

/** A confirmation link to the new address works for this long, once. */
export const EMAIL_CHANGE_TTL_HOURS = 24;
/** The old address's 'this was not me' link works this long, even after the change was confirmed. */
export const EMAIL_CHANGE_UNDO_DAYS = 7;

export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to change your email';
export const EMAIL_CHANGE_LINK_INVALID =
  'This link has expired or was already used. Please change your email again from your profile.';
export const EMAIL_CHANGE_UNDO_LINK_INVALID =
  'This link has expired or was already used. If someone else is using your account, reset your password.';
/** A confirmation link for an email another account took in the meantime. */
export const EMAIL_CHANGE_EMAIL_TAKEN =
  'Another account now uses this email, so we could not change yours. Please choose another email from your profile.';
/** The 'this was not me' link of a change already confirmed, when the old email now belongs to another account. */
export const EMAIL_CHANGE_UNDO_EMAIL_TAKEN =
  'Your old email now belongs to another account, so we could not put it back. Please contact us.';
/** What 'this was not me' did: see cancelEmailChange. */
export const EMAIL_CHANGE_UNDONE =
  'We stopped the email change, signed your account out everywhere and emailed you a link to choose a new password. Your old password no longer works.';

export const UpdateProfileBodySchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  /** Empty clears it. */
  phone: PhoneSchema.optional().default(''),
  /** Needed only when the email changes; empty is the same as left out. */
  currentPassword: textSchema('Current Password')
    .max(PASSWORD_MAX_LENGTH, `Current Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
    .optional()
    .default(''),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

/** The shopper's details, and the new email waiting for its link to be opened (null when none). */
export const ProfileSchema = UserSchema.extend({ pendingEmail: z.string().nullable() });
export type Profile = z.infer<typeof ProfileSchema>;

export const getProfile = defineEndpoint({
  name: 'getProfile',
  method: 'GET',
  path: '/user/profile',
  tag: 'profile',
  summary:
    "The signed-in shopper's name, email and phone, and an email change waiting for its link",
  auth: 'user',
  result: ProfileSchema,
});

export const updateProfile = defineEndpoint({
  name: 'updateProfile',
  method: 'PATCH',
  path: '/user/profile/update',
  tag: 'profile',
  summary: `Change name or phone at once; a new email needs the current password and takes effect when the link mailed to it is opened (${EMAIL_CHANGE_TTL_HOURS} h)`,
  auth: 'user',
  body: UpdateProfileBodySchema,
  result: ProfileSchema,
});

export const ConfirmEmailChangeBodySchema = linkTokenBodySchema(EMAIL_CHANGE_LINK_INVALID);
export type ConfirmEmailChangeBody = z.infer<typeof ConfirmEmailChangeBodySchema>;

export const confirmEmailChange = defineEndpoint({
  name: 'confirmEmailChange',
  method: 'POST',
  path: '/user/email-change/confirm',
  tag: 'profile',
  summary:
    'Open the link mailed to the new address: the email changes, the sessions of the account but the one that asked end, reset links stop working',
  auth: 'none',
  body: ConfirmEmailChangeBodySchema,
  result: z.object({ email: z.string() }),
});

export const CancelEmailChangeBodySchema = linkTokenBodySchema(EMAIL_CHANGE_UNDO_LINK_INVALID);
export type CancelEmailChangeBody = z.infer<typeof CancelEmailChangeBodySchema>;

export const cancelEmailChange = defineEndpoint({
  name: 'cancelEmailChange',
  method: 'POST',
  path: '/user/email-change/cancel',
  tag: 'profile',
  summary: `'This was not me', from the old address (${EMAIL_CHANGE_UNDO_DAYS} days): the change is stopped or undone, every session ends, the password stops working and a reset link goes to the old address`,
  auth: 'none',
  body: CancelEmailChangeBodySchema,
  result: z.object({ message: z.string() }),
});
