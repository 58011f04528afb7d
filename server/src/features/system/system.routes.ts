import type { FastifyInstance } from 'fastify';
import { getHealth } from '#contract';
import { route } from '#server/lib/route.ts';
import type { SystemService } from './system.service.ts';

export function systemRoutes(system: SystemService) {
  return async (app: FastifyInstance) => {
    route(app, getHealth, () => system.getHealth());
  };
}
