import type { FastifyRequest } from 'fastify';
import { withSecretsRedacted } from './secrets.ts';

/**
 * How a request is written to the log: Fastify's own fields, but the URL
 * with its secrets redacted (a reset link's `?token=`, issue 23) and no
 * headers, so the authorization header and cookies never reach it. Bodies
 * (passwords) are never logged.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: withSecretsRedacted(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
