import type { FastifyInstance } from 'fastify';
import { getAdminAnalytics } from '#contract';
import { route } from '#server/lib/route.ts';
import type { AnalyticsService } from './analytics.service.ts';

/** Sales over time (issue 27): route() answers 401/403 to everyone but an admin. */
export function analyticsRoutes(analytics: AnalyticsService) {
  return async (app: FastifyInstance) => {
    route(app, getAdminAnalytics, ({ query }) => analytics.getAnalytics(query));
  };
}
