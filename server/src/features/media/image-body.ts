import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMAGE_TYPES } from '#contract';
import { AppError } from '#server/lib/app-error.ts';
import { type ImageLimits, imageTooLarge, SVG_REFUSED } from './image-upload.ts';

export const wrongContentType = (type: string | undefined) =>
  `${type ? `Content-Type ${type} is not accepted` : 'The Content-Type is missing'}: send the image's bytes with Content-Type ${IMAGE_TYPES.join(', ')}`;

/**
 * Makes a route context take a file's raw bytes (no multipart) as its body,
 * up to `limits.maxBytes`, refusing more without reading further (a larger
 * Content-Length is refused before a byte is read); any other body is refused
 * unread with what to send instead. Call it in a child context, so every
 * other route keeps JSON only and the 1 MiB limit.
 */
export function acceptImageBodies(app: FastifyInstance, limits: ImageLimits): void {
  const tooLarge = () => new AppError('payload_too_large', imageTooLarge(limits));
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    [...IMAGE_TYPES],
    async (request: FastifyRequest, payload: IncomingMessage): Promise<Buffer> => {
      if (Number(request.headers['content-length']) > limits.maxBytes) throw tooLarge();
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of payload) {
        size += (chunk as Buffer).length;
        if (size > limits.maxBytes) throw tooLarge();
        chunks.push(chunk as Buffer);
      }
      return Buffer.concat(chunks);
    },
  );
  app.addContentTypeParser('*', async (request: FastifyRequest): Promise<never> => {
    const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    throw new AppError(
      'unsupported_media_type',
      type === 'image/svg+xml' ? SVG_REFUSED : wrongContentType(type),
    );
  });
}
