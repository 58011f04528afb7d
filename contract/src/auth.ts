import { z } from 'zod';
import { IdSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import {
  EmailSchema,
  linkTokenSchema,
  NameSchema,
  NewPasswordSchema,
  PASSWORD_MAX_LENGTH,
} from './fields.ts';
import { textSchema } from './text.ts';

export const ROLES = ['shopper', 'admin'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const UserSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: RoleSchema,
});
export type User = z.infer<typeof UserSchema>;

export const SessionSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: UserSchema,
});
export type Session = z.infer<typeof SessionSchema>;

const PasswordSchema = textSchema('Password')
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/**
 * A form that sets a password asks for it twice: `confirmPassword` must repeat
 * the field named `passwordKey`, or the form answers under the confirmation.
 */
function withConfirmation<Shape extends z.ZodRawShape>(
  shape: Shape,
  passwordKey: keyof Shape & string,
) {
  return z
    .object({
      ...shape,
      confirmPassword: textSchema('Confirm Password').min(1, 'Confirm Password is required'),
    })
    .refine((body: Record<string, unknown>) => body[passwordKey] === body.confirmPassword, {
      path: ['confirmPassword'],
      message: 'Passwords do not match',
    });
}

export const SignupBodySchema = withConfirmation(
  { name: NameSchema, email: EmailSchema, password: NewPasswordSchema },
  'password',
);
export type SignupBody = z.infer<typeof SignupBodySchema>;

/** D1: the spec's client sends `remeberMe`; `rememberMe` is accepted too. */
export const LoginBodySchema = z
  .object({
    email: EmailSchema,
    password: PasswordSchema,
    remeberMe: z.boolean().optional(),
    rememberMe: z.boolean().optional(),
  })
  .transform(({ email, password, remeberMe, rememberMe }) => ({
    email,
    password,
    rememberMe: rememberMe ?? remeberMe ?? false,
  }));
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** A wrong current password is a 400 on its field, not a 401: the session itself is fine. */
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';

export const ChangePasswordBodySchema = withConfirmation(
  { currentPassword: PasswordSchema, newPassword: NewPasswordSchema },
  'newPassword',
);
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const signup = defineEndpoint({
  name: 'signup',
  method: 'POST',
  path: '/auth/signup',
  tag: 'auth',
  summary: 'Create an account and sign in',
  auth: 'none',
  body: SignupBodySchema,
  result: SessionSchema,
});

export const login = defineEndpoint({
  name: 'login',
  method: 'POST',
  path: '/auth/login',
  tag: 'auth',
  summary: 'Sign in; remember me keeps the session for 30 days instead of 1',
  auth: 'none',
  body: LoginBodySchema,
  result: SessionSchema,
});

export const logout = defineEndpoint({
  name: 'logout',
  method: 'POST',
  path: '/auth/logout',
  tag: 'auth',
  summary: 'End this session: its token stops working',
  auth: 'user',
  result: z.null(),
});

export const logoutEverywhere = defineEndpoint({
  name: 'logoutEverywhere',
  method: 'POST',
  path: '/auth/logout-all',
  tag: 'auth',
  summary: 'End every session of this account (D21)',
  auth: 'user',
  result: z.null(),
});

export const changePassword = defineEndpoint({
  name: 'changePassword',
  method: 'POST',
  path: '/auth/change-password',
  tag: 'auth',
  summary:
    'Change the password; other sessions, reset links and unconfirmed email changes are ended (D21)',
  auth: 'user',
  body: ChangePasswordBodySchema,
  result: z.null(),
});

// ---------------------------------------------------------------- limits (429 answers)

/** Failed sign-ins are counted per email and client address in this window. */
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
export const LOGIN_RATE_LIMITED = `Too many failed sign-in attempts. Please try again in ${LOGIN_FAILURE_WINDOW_MINUTES} minutes.`;
export const SIGNUP_RATE_LIMITED =
  'Too many accounts were created from your network. Please try again in an hour.';
export const FORGOT_PASSWORD_RATE_LIMITED =
  'Too many password reset requests. Please try again in an hour.';
export const RESET_PASSWORD_RATE_LIMITED =
  'Too many attempts to set a new password. Please try again in an hour.';

// ---------------------------------------------------------------- password reset (D29)

/** A reset link works for this long, once. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

/** The same answer whether or not an account has the email, so the form tells nobody who shops here. */
export const FORGOT_PASSWORD_ANSWER = 'If an account exists, we have sent a link';

export const RESET_LINK_INVALID =
  'This link has expired or was already used. Please ask for a new one.';

export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

export const ResetPasswordBodySchema = withConfirmation(
  {
    token: linkTokenSchema(RESET_LINK_INVALID),
    password: NewPasswordSchema,
  },
  'password',
);
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const forgotPassword = defineEndpoint({
  name: 'forgotPassword',
  method: 'POST',
  path: '/auth/forgot-password',
  tag: 'auth',
  summary: `Email a password reset link valid for ${PASSWORD_RESET_TTL_MINUTES} minutes; the same answer whether or not the account exists`,
  auth: 'none',
  body: ForgotPasswordBodySchema,
  result: z.object({ message: z.string() }),
});

export const resetPassword = defineEndpoint({
  name: 'resetPassword',
  method: 'POST',
  path: '/auth/reset-password',
  tag: 'auth',
  summary: 'Set a new password with a reset link; every session ends and a fresh one starts',
  auth: 'none',
  body: ResetPasswordBodySchema,
  result: SessionSchema,
});
