import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FailureEnvelope, FieldError } from '#contract';
import { isDatabaseUnavailable } from '#server/db/unavailable.ts';
import { AppError } from '#server/lib/app-error.ts';
import { withSecretsRedacted } from '#server/lib/secrets.ts';

const GENERIC_FAILURE = 'Something went wrong on our side. Please try again.';
const DATABASE_UNAVAILABLE =
  'The shop cannot reach its database right now. Please try again in a few seconds.';
/** Seconds a client (or load balancer) should wait before trying again; the pool reconnects at once. */
const RETRY_AFTER_SECONDS = 5;

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** 'minPrice: must be a number', unless the message already names its field. */
function describe(error: FieldError): string {
  return squash(error.message).includes(squash(error.field))
    ? error.message
    : `${error.field}: ${error.message}`;
}

function validationFailure(error: FastifyError): FailureEnvelope {
  const errors: FieldError[] = (error.validation ?? []).map((issue) => ({
    field:
      issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
      (error.validationContext ?? 'request'),
    message: issue.message ?? 'is not valid',
  }));
  const first = errors[0];
  return { success: false, message: first ? describe(first) : 'The request is not valid', errors };
}

/**
 * One place turns every failure into the D2 envelope: AppErrors with their
 * kind's status, schema failures as 400 with one entry per field, Fastify's
 * own client errors (bad JSON, 413, 429) with their status, a database that
 * cannot be reached as 503 with Retry-After, and anything else as a logged,
 * generic 500.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | AppError>((error, request, reply) => {
    if (error instanceof AppError) {
      const body: FailureEnvelope = { success: false, message: error.message };
      if (error.fieldErrors) body.errors = error.fieldErrors;
      return reply.code(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(validationFailure(error));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ success: false, message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: a warning, with the error's class and code (never its query's data).
      request.log.warn({ err: error }, 'database unavailable: answered 503');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ success: false, message: DATABASE_UNAVAILABLE });
    }
    request.log.error(
      {
        err: error,
        method: request.method,
        url: withSecretsRedacted(request.url),
        params: request.params,
      },
      'request failed',
    );
    return reply.code(500).send({ success: false, message: GENERIC_FAILURE });
  });
}

/**
 * Errors the router raises before any handler or error handler runs (a URL
 * that does not decode, a path segment over the length limit), in the envelope.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A part of the address is too long'
      : 'The address is not valid';
  return reply.code(error.statusCode ?? 400).send({ success: false, message });
}

/** A request (its headers, or its body) that did not arrive in time: 408. */
export const REQUEST_TOO_SLOW = 'The request took too long to arrive';

/** Why Node's HTTP parser (or its request timeout) gave up on a connection, for the client. */
function describeClientError(code: string): { status: number; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, message: "The request's headers are too large" };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, message: REQUEST_TOO_SLOW };
  }
  return { status: 400, message: 'The request is not valid HTTP' };
}

/**
 * Answers what Node's HTTP parser refuses before Fastify sees a request
 * (headers too large, a bad Content-Length, garbage on a kept-alive
 * connection, a request that stalled past the timeout) in the envelope, then
 * closes the connection. These are the client's doing, so they are logged at
 * debug level only.
 */
export function answerClientError(
  this: FastifyInstance,
  error: ConnectionError,
  socket: Socket,
): void {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = describeClientError(error.code);
  this.log.debug({ code: error.code, status }, 'client error');
  // Like Node's own handler: never write into a response already under way.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ success: false, message } satisfies FailureEnvelope);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
