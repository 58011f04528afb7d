import type { FastifyInstance } from 'fastify';
import { createBackup, downloadBackup, listBackups } from '#contract';
import { fileRoute, route } from '#server/lib/route.ts';
import type { BackupsService } from './backups.service.ts';

/** The owner's backups (decision 034): route() answers 401/403 to everyone but an admin. */
export function backupsRoutes(backups: BackupsService) {
  return async (app: FastifyInstance) => {
    route(app, createBackup, () => backups.makeBackup(), { status: 201 });
    route(app, listBackups, () => backups.listBackups());

    fileRoute(app, downloadBackup, async ({ params }) => {
      const { backup, stream } = await backups.openBackup(params.name);
      return {
        body: stream,
        contentType: 'application/gzip',
        fileName: backup.name,
        bytes: backup.bytes,
      };
    });
  };
}
