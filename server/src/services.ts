import type { AppConfig } from '#server/config/env.ts';
import type { Database, DatabaseHandle } from '#server/db/client.ts';
import { createAddressesService } from '#server/features/addresses/addresses.service.ts';
import { createAdminService } from '#server/features/admin/admin.service.ts';
import { createOrdersCsvService } from '#server/features/admin-csv/orders-csv.service.ts';
import { createProductsCsvService } from '#server/features/admin-csv/products-csv.service.ts';
import { createAnalyticsService } from '#server/features/analytics/analytics.service.ts';
import { createAuthService } from '#server/features/auth/auth.service.ts';
import { createEmailChangeService } from '#server/features/auth/email-change.service.ts';
import { createPasswords } from '#server/features/auth/passwords.ts';
import { createBackupsService } from '#server/features/backups/backups.service.ts';
import { createBusinessSettingsService } from '#server/features/business/business-settings.service.ts';
import { createCartService } from '#server/features/cart/cart.service.ts';
import { createAdminProductsService } from '#server/features/catalogue/admin-products.service.ts';
import { createCatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import { createCatalogueListsService } from '#server/features/catalogue/catalogue-lists.service.ts';
import { createCustomersService } from '#server/features/customers/customers.service.ts';
import { createDesignUploadsService } from '#server/features/designs/design-uploads.service.ts';
import { createDesignsService } from '#server/features/designs/designs.service.ts';
import { createSharedDesignsService } from '#server/features/designs/shared-designs.service.ts';
import { createGroupOrdersService } from '#server/features/group-orders/group-orders.service.ts';
import { createInvoiceDownloadsService } from '#server/features/invoices/invoice-downloads.service.ts';
import { createInvoicesService } from '#server/features/invoices/invoices.service.ts';
import { createMailService } from '#server/features/mail/mail.service.ts';
import { createAdminImagesService } from '#server/features/media/admin-images.service.ts';
import { createMediaService } from '#server/features/media/media.service.ts';
import { createAdminMessagesService } from '#server/features/messages/admin-messages.service.ts';
import { createMessagesService } from '#server/features/messages/messages.service.ts';
import { createAdminOrdersService } from '#server/features/orders/admin-orders.service.ts';
import { createOnlinePayments } from '#server/features/orders/online-payments.ts';
import { createOrderInvoicing } from '#server/features/orders/order-invoicing.ts';
import {
  createOrdersService,
  createPaidGroupOrders,
} from '#server/features/orders/orders.service.ts';
import { createPagesService } from '#server/features/pages/pages.service.ts';
import type { PaymentProvider } from '#server/features/payments/payment-provider.ts';
import { createPaymentSettingsService } from '#server/features/payments/payment-settings.service.ts';
import { createPaymentsService } from '#server/features/payments/payments.service.ts';
import { createRazorpayClient } from '#server/features/payments/razorpay.ts';
import { createRefundsToPayService } from '#server/features/payments/refunds-to-pay.service.ts';
import { createPrintJobsService } from '#server/features/print-jobs/print-jobs.service.ts';
import { createProfileService } from '#server/features/profile/profile.service.ts';
import { createPromotionsService } from '#server/features/promotions/promotions.service.ts';
import { createRateLimitsService } from '#server/features/rate-limits/rate-limits.service.ts';
import { createReturnsService } from '#server/features/returns/returns.service.ts';
import { createReviewsService } from '#server/features/reviews/reviews.service.ts';
import { createSeoService } from '#server/features/seo/seo.service.ts';
import { createSystemService } from '#server/features/system/system.service.ts';
import { createStockAlertsService } from '#server/features/wishlist/stock-alerts.service.ts';
import { createWishlistService } from '#server/features/wishlist/wishlist.service.ts';

/**
 * Every feature's service, made once for a process: each gets the db and
 * the services it calls (features/README.md). The app's routes and the
 * server's background work (sweeps, workers, schedules) use these same
 * services, so each is wired here and nowhere else.
 */
export function createServices(
  database: DatabaseHandle,
  config: AppConfig,
  {
    paymentProvider,
    clock,
  }: {
    /** The card gateway; the built-in test gateway (D12) when left out. */
    paymentProvider?: PaymentProvider | undefined;
    /** The payments' clock; the machine's when left out (a test's sweep runs at its own time). */
    clock?: () => Date;
  } = {},
) {
  const db = database.db;
  const rateLimits = createRateLimitsService(db);
  const mail = createMailService(db, config.mail);
  const passwords = createPasswords(config.passwordHashCost);
  const auth = createAuthService(db, {
    rateLimits,
    mail,
    passwords,
    signupLimitPerHour: config.signupLimitPerHour,
  });
  const emailChanges = createEmailChangeService(db, { mail, passwords });
  const stockAlerts = createStockAlertsService(db, { mail, rateLimits });
  const catalogue = createCatalogueService(db, { stockReturned: stockAlerts.sizesRestocked });
  const media = createMediaService(db);
  const designs = createDesignsService(db, { media, catalogue });
  const sharedDesigns = createSharedDesignsService(
    db,
    { catalogue, designs },
    { publicUrl: config.publicUrl },
  );
  const designUploads = createDesignUploadsService(db, { media, rateLimits }, config.guestUploads);
  const paymentSettings = createPaymentSettingsService(db, config.payments.razorpay);
  const businessSettings = createBusinessSettingsService(db);
  const invoices = createInvoicesService(db);
  const invoicing = createOrderInvoicing({ invoices, businessSettings, catalogue });
  const promotions = createPromotionsService(db);
  const cart = createCartService(db, { catalogue, designs, paymentSettings, promotions });
  const addresses = createAddressesService(db);
  const profile = createProfileService(db, { auth, emailChanges });
  const messages = createMessagesService(db, { mail, promotions });
  // Razorpay when the shop has its keys (issue 25); otherwise the test gateway alone (D12).
  const razorpayConfig = config.payments.razorpay;
  const razorpay = razorpayConfig && createRazorpayClient(razorpayConfig);
  const payments = createPaymentsService(db, paymentProvider, clock, razorpay);
  const printJobs = createPrintJobsService(db);
  const groupOrders = createGroupOrdersService(db, {
    catalogue,
    designs,
    cart,
    addresses,
    mail,
    payments,
    placePaidGroupOrder: createPaidGroupOrders({ printJobs, invoicing, mail }),
    online: razorpay && razorpayConfig && { razorpay, ...razorpayConfig },
    publicUrl: config.publicUrl,
  });
  const online =
    razorpay &&
    razorpayConfig &&
    createOnlinePayments(db, {
      razorpay,
      keys: razorpayConfig,
      paymentWindowMs: config.payments.paymentWindowMs,
      payments,
      catalogue,
      mail,
      invoicing,
      groupEntries: groupOrders,
      ...(clock && { clock }),
    });
  const orders = createOrdersService(db, {
    printJobs,
    groupOrders,
    cart,
    addresses,
    payments,
    catalogue,
    mail,
    invoicing,
    online,
  });
  const adminProductsIn = (executor: Database) =>
    createAdminProductsService(executor, { catalogue, orders, media });
  const reviews = createReviewsService(db, { catalogue, orders });
  return {
    rateLimits,
    mail,
    auth,
    stockAlerts,
    catalogue,
    catalogueLists: createCatalogueListsService(db, { catalogue }),
    media,
    designs,
    sharedDesigns,
    designUploads,
    paymentSettings,
    businessSettings,
    invoiceDownloads: createInvoiceDownloadsService(db, { invoices }),
    promotions,
    cart,
    addresses,
    profile,
    messages,
    payments,
    refundsToPay: createRefundsToPayService(db, { mail, orders }),
    /** Razorpay's online payments, when the shop has its keys (issue 25). */
    online,
    groupOrders,
    orders,
    adminProducts: adminProductsIn(db),
    adminOrders: createAdminOrdersService(db, { orders, designs, printJobs }),
    adminMessages: createAdminMessagesService(db, { messages }),
    adminImages: createAdminImagesService(db, { media }),
    admin: createAdminService(db, { mail }),
    ordersCsv: createOrdersCsvService(db, { orders }),
    productsCsv: createProductsCsvService(db, adminProductsIn),
    customers: createCustomersService(db, { addresses }),
    analytics: createAnalyticsService(db),
    backups: createBackupsService(database, config.backups),
    system: createSystemService(database),
    reviews,
    returns: createReturnsService(db, { orders, catalogue, payments }),
    wishlist: createWishlistService(db, { catalogue }),
    seo: createSeoService({ catalogue }, config.publicUrl),
    pages: createPagesService(
      { catalogue, reviews, sharedDesigns },
      { webRoot: config.webRoot, publicUrl: config.publicUrl },
    ),
  };
}

export type Services = ReturnType<typeof createServices>;
