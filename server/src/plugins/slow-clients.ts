import type { Server } from 'node:http';
import { Transform } from 'node:stream';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '#server/lib/app-error.ts';
import { REQUEST_TOO_SLOW } from './errors.ts';

/**
 * Closes, as they arrive, the connections of an address that already holds
 * `max`, so one client stalling many requests cannot take every connection
 * the process has (MAX_CONNECTIONS) from everyone else. Addresses are grouped
 * as the rate limit groups them (an IPv6 client's whole subnet is one).
 */
export function limitConnectionsPerAddress(
  server: Server,
  max: number,
  onRefused: (address: string) => void,
): void {
  const held = new Map<string, number>();
  server.on('connection', (socket) => {
    if (socket.remoteAddress === undefined) return;
    const address = normalizeIP(socket.remoteAddress);
    const count = held.get(address) ?? 0;
    if (count >= max) {
      onRefused(address);
      socket.destroy();
      return;
    }
    held.set(address, count + 1);
    socket.once('close', () => {
      const left = (held.get(address) ?? 1) - 1;
      if (left === 0) held.delete(address);
      else held.set(address, left);
    });
  });
}

/**
 * A request body that goes silent for `stallMs` (shorter than the idle
 * timeout) is answered 408 and its connection closed, instead of holding the
 * connection until the idle timeout drops it unanswered. A body that keeps
 * arriving, however slowly, is bounded by the request timeout only, so a slow
 * upload still gets through.
 */
export function answerStalledBodies(app: FastifyInstance, stallMs: number): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    const { headers } = request;
    const declaresBody =
      headers['transfer-encoding'] !== undefined || Number(headers['content-length']) > 0;
    // No body, or it arrived with the headers: nothing to wait for.
    if (!declaresBody || request.raw.complete) return payload;
    const watched = new Transform({
      transform(chunk, _encoding, callback) {
        deadline.refresh();
        callback(null, chunk);
      },
    });
    const deadline = setTimeout(() => {
      if (!reply.sent) reply.header('connection', 'close');
      watched.destroy(new AppError('request_timeout', REQUEST_TOO_SLOW));
    }, stallMs);
    const settle = () => clearTimeout(deadline);
    payload.once('end', settle);
    payload.once('close', settle);
    reply.raw.once('close', settle);
    // The body's parser hears the error; a route that reads no body has no listener of its own.
    watched.on('error', () => {});
    return payload.pipe(watched);
  });
}
