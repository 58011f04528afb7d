import type { FieldError } from '#contract';

/** HTTP status of each kind of failure (D2). */
const STATUS_BY_KIND = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
} as const;

export type AppErrorKind = keyof typeof STATUS_BY_KIND;

/**
 * The one error services throw. Its message is safe to show a shopper; the
 * error handler turns it into the failure envelope with the kind's status.
 */
export class AppError extends Error {
  readonly kind: AppErrorKind;
  readonly status: number;
  readonly fieldErrors: FieldError[] | undefined;

  constructor(kind: AppErrorKind, message: string, fieldErrors?: FieldError[]) {
    super(message);
    this.name = 'AppError';
    this.kind = kind;
    this.status = STATUS_BY_KIND[kind];
    this.fieldErrors = fieldErrors;
  }
}

export const badRequest = (message: string, fieldErrors?: FieldError[]) =>
  new AppError('bad_request', message, fieldErrors);
export const unauthorized = (message = 'Please sign in to continue') =>
  new AppError('unauthorized', message);
export const forbidden = (message = 'You are not allowed to do that') =>
  new AppError('forbidden', message);
export const notFound = (message: string) => new AppError('not_found', message);
export const conflict = (message: string, fieldErrors?: FieldError[]) =>
  new AppError('conflict', message, fieldErrors);
