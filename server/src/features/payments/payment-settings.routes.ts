import type { FastifyInstance } from 'fastify';
import { getPaymentSettings, updatePaymentSettings } from '#contract';
import { route } from '#server/lib/route.ts';
import type { PaymentSettingsService } from './payment-settings.service.ts';

/** The owner's payment settings (issue 25): route() answers 401/403 to everyone but an admin. */
export function paymentSettingsRoutes(settings: PaymentSettingsService) {
  return async (app: FastifyInstance) => {
    route(app, getPaymentSettings, () => settings.getPaymentSettings());
    route(app, updatePaymentSettings, ({ body }) => settings.updatePaymentSettings(body));
  };
}
