import type { Database } from '#server/db/client.ts';
import type { MailService } from '#server/features/mail/mail.service.ts';
import { createAdminDashboardService } from './admin-dashboard.service.ts';
import { createAdminImagesService } from './admin-images.service.ts';
import { createAdminMessagesService } from './admin-messages.service.ts';
import { createAdminOrdersService } from './admin-orders.service.ts';
import { createAdminProductsService } from './admin-products.service.ts';

/** Everything the shop owner does (D25), one service per screen. */
export function createAdminService(db: Database, deps: { mail: MailService }) {
  return {
    dashboard: createAdminDashboardService(db),
    products: createAdminProductsService(db),
    images: createAdminImagesService(db),
    orders: createAdminOrdersService(db, deps.mail),
    messages: createAdminMessagesService(db),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
