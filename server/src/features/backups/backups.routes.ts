import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  type BackupParams,
  BackupParamsSchema,
  createBackup,
  downloadBackup,
  FailureEnvelopeSchema,
  listBackups,
} from '#contract';
import { authenticateFor, route } from '#server/lib/route.ts';
import type { BackupsService } from './backups.service.ts';

/** The owner's backups (decision 034): route() answers 401/403 to everyone but an admin. */
export function backupsRoutes(backups: BackupsService) {
  return async (app: FastifyInstance) => {
    route(app, createBackup, () => backups.makeBackup(), { status: 201 });
    route(app, listBackups, () => backups.listBackups());

    // A file, not the JSON envelope: registered by hand, with route()'s own auth check.
    const download = downloadBackup;
    app.route<{ Params: BackupParams }>({
      method: download.method,
      url: download.path,
      schema: {
        operationId: download.name,
        tags: [download.tag],
        summary: download.summary,
        security: [{ bearerAuth: [] }],
        params: BackupParamsSchema,
        response: {
          200: {
            description: 'The backup, as an attachment',
            content: { [`${download.produces}`]: { schema: z.string() } },
          },
          '4xx': FailureEnvelopeSchema,
          '5xx': FailureEnvelopeSchema,
        },
      },
      onRequest: authenticateFor(download.auth),
      handler: async (request, reply) => {
        const { backup, stream } = await backups.openBackup(request.params.name);
        return reply
          .header('content-type', 'application/gzip')
          .header('content-length', backup.bytes)
          .header('content-disposition', `attachment; filename="${backup.name}"`)
          .header('cache-control', 'private, no-store')
          .send(stream);
      },
    });
  };
}
