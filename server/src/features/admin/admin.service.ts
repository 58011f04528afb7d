import type { Database } from '#server/db/client.ts';
import type { DesignsService } from '#server/features/designs/designs.service.ts';
import type { MediaService } from '#server/features/media/media.service.ts';
import type { MessagesService } from '#server/features/messages/messages.service.ts';
import type { OrdersService } from '#server/features/orders/orders.service.ts';
import { createAdminDashboardService } from './admin-dashboard.service.ts';
import { createAdminImagesService } from './admin-images.service.ts';
import { createAdminMessagesService } from './admin-messages.service.ts';
import { createAdminOrdersService } from './admin-orders.service.ts';

export interface AdminDependencies {
  orders: OrdersService;
  messages: MessagesService;
  media: MediaService;
  designs: DesignsService;
}

/** Everything the shop owner does (D25), one service per screen, through the owning features' services. */
export function createAdminService(
  db: Database,
  { orders, messages, media, designs }: AdminDependencies,
) {
  return {
    dashboard: createAdminDashboardService(db),
    images: createAdminImagesService(db, { media }),
    orders: createAdminOrdersService(db, { orders, designs }),
    messages: createAdminMessagesService(db, { messages }),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
