import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smaller answers gain less from compression than it costs to do (issue 14). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's answers (brotli, else gzip) when the client accepts it
 * and the body is over the threshold. The web app's files are compressed at
 * build time instead (web-app.ts).
 */
export async function registerCompression(api: FastifyInstance): Promise<void> {
  await api.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Quality 4 is near gzip's speed with smaller output; 11 would cost too much per request.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
