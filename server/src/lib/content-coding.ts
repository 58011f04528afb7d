import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';

/** Smaller answers gain less from compression than it costs to do (issue 14). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** The codings the API answers in, preferred first. */
export const CONTENT_CODINGS = ['br', 'gzip'] as const;
export type ContentCoding = (typeof CONTENT_CODINGS)[number];

/** Quality 4 is near gzip's speed with smaller output; 11 would cost too much per request. */
export const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };

/** A body in one coding, or undefined for a body too small to gain from it. */
export function encode(body: Buffer, coding: ContentCoding): Buffer | undefined {
  if (body.length < COMPRESSION_THRESHOLD_BYTES) return undefined;
  return coding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body);
}

/**
 * The coding to answer a request's Accept-Encoding with: the highest q among
 * ours (ties: ours in order), `*` standing for any not named, q=0 refusing.
 */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name === 'x-gzip' ? 'gzip' : name, q ? Number(q.slice(2)) || 0 : 1);
  }
  let best: ContentCoding | undefined;
  let bestWeight = 0;
  for (const coding of CONTENT_CODINGS) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}
