import type { FastifyInstance } from 'fastify';
import {
  getBusinessSettings,
  getTaxSettings,
  updateBusinessSettings,
  updateTaxSettings,
} from '#contract';
import { route } from '#server/lib/route.ts';
import type { BusinessSettingsService } from './business-settings.service.ts';

/** The owner's business details and tax settings (issue 26): route() answers 401/403 to everyone but an admin. */
export function businessSettingsRoutes(settings: BusinessSettingsService) {
  return async (app: FastifyInstance) => {
    route(app, getBusinessSettings, () => settings.getBusinessSettings());
    route(app, updateBusinessSettings, ({ body }) => settings.updateBusinessSettings(body));
    route(app, getTaxSettings, () => settings.getTaxSettings());
    route(app, updateTaxSettings, ({ body }) => settings.updateTaxSettings(body));
  };
}
