import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import {
  BROTLI_OPTIONS,
  COMPRESSION_THRESHOLD_BYTES,
  CONTENT_CODINGS,
} from '#server/lib/content-coding.ts';

export { COMPRESSION_THRESHOLD_BYTES };

/**
 * Compresses the API's answers (brotli, else gzip) when the client accepts it
 * and the body is over the threshold. The web app's files are compressed at
 * build time instead (web-app.ts), and kept catalogue answers once, when
 * kept (lib/route.ts).
 */
export async function registerCompression(api: FastifyInstance): Promise<void> {
  await api.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: [...CONTENT_CODINGS],
    brotliOptions: BROTLI_OPTIONS,
  });
}
