import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX } from '#contract';
import type { AppConfig } from '#server/config/env.ts';
import type { Database, DatabaseHandle } from '#server/db/client.ts';
import { addressRoutes } from '#server/features/addresses/addresses.routes.ts';
import { createAddressesService } from '#server/features/addresses/addresses.service.ts';
import { adminRoutes } from '#server/features/admin/admin.routes.ts';
import { createAdminService } from '#server/features/admin/admin.service.ts';
import { adminCsvRoutes } from '#server/features/admin-csv/admin-csv.routes.ts';
import { createOrdersCsvService } from '#server/features/admin-csv/orders-csv.service.ts';
import { createProductsCsvService } from '#server/features/admin-csv/products-csv.service.ts';
import { analyticsRoutes } from '#server/features/analytics/analytics.routes.ts';
import { createAnalyticsService } from '#server/features/analytics/analytics.service.ts';
import { authRoutes } from '#server/features/auth/auth.routes.ts';
import { createAuthService } from '#server/features/auth/auth.service.ts';
import { createEmailChangeService } from '#server/features/auth/email-change.service.ts';
import { createPasswords } from '#server/features/auth/passwords.ts';
import { backupsRoutes } from '#server/features/backups/backups.routes.ts';
import { createBackupsService } from '#server/features/backups/backups.service.ts';
import { businessSettingsRoutes } from '#server/features/business/business-settings.routes.ts';
import { createBusinessSettingsService } from '#server/features/business/business-settings.service.ts';
import { cartRoutes } from '#server/features/cart/cart.routes.ts';
import { createCartService } from '#server/features/cart/cart.service.ts';
import { createAdminProductsService } from '#server/features/catalogue/admin-products.service.ts';
import { catalogueRoutes } from '#server/features/catalogue/catalogue.routes.ts';
import { createCatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import { createCatalogueCache } from '#server/features/catalogue/catalogue-cache.ts';
import { catalogueListsRoutes } from '#server/features/catalogue/catalogue-lists.routes.ts';
import { createCatalogueListsService } from '#server/features/catalogue/catalogue-lists.service.ts';
import { customersRoutes } from '#server/features/customers/customers.routes.ts';
import { createCustomersService } from '#server/features/customers/customers.service.ts';
import { createDesignUploadsService } from '#server/features/designs/design-uploads.service.ts';
import { designsRoutes } from '#server/features/designs/designs.routes.ts';
import { createDesignsService } from '#server/features/designs/designs.service.ts';
import {
  sharedDesignPictureRoutes,
  sharedDesignsRoutes,
} from '#server/features/designs/shared-designs.routes.ts';
import { createSharedDesignsService } from '#server/features/designs/shared-designs.service.ts';
import { groupOrdersRoutes } from '#server/features/group-orders/group-orders.routes.ts';
import { createGroupOrdersService } from '#server/features/group-orders/group-orders.service.ts';
import { createInvoiceDownloadsService } from '#server/features/invoices/invoice-downloads.service.ts';
import { invoicesRoutes } from '#server/features/invoices/invoices.routes.ts';
import { createInvoicesService } from '#server/features/invoices/invoices.service.ts';
import { mailRoutes } from '#server/features/mail/mail.routes.ts';
import { createMailService } from '#server/features/mail/mail.service.ts';
import { createAdminImagesService } from '#server/features/media/admin-images.service.ts';
import { adminImagesRoutes, mediaRoutes } from '#server/features/media/media.routes.ts';
import { createMediaService } from '#server/features/media/media.service.ts';
import { createAdminMessagesService } from '#server/features/messages/admin-messages.service.ts';
import { messagesRoutes } from '#server/features/messages/messages.routes.ts';
import { createMessagesService } from '#server/features/messages/messages.service.ts';
import { createAdminOrdersService } from '#server/features/orders/admin-orders.service.ts';
import { createOnlinePayments } from '#server/features/orders/online-payments.ts';
import { createOrderInvoicing } from '#server/features/orders/order-invoicing.ts';
import { ordersRoutes } from '#server/features/orders/orders.routes.ts';
import {
  createOrdersService,
  createPaidGroupOrders,
} from '#server/features/orders/orders.service.ts';
import { createPagesService } from '#server/features/pages/pages.service.ts';
import type { PaymentProvider } from '#server/features/payments/payment-provider.ts';
import { paymentSettingsRoutes } from '#server/features/payments/payment-settings.routes.ts';
import { createPaymentSettingsService } from '#server/features/payments/payment-settings.service.ts';
import { paymentsRoutes } from '#server/features/payments/payments.routes.ts';
import { createPaymentsService } from '#server/features/payments/payments.service.ts';
import { createRazorpayClient } from '#server/features/payments/razorpay.ts';
import { createRefundsToPayService } from '#server/features/payments/refunds-to-pay.service.ts';
import { createPrintJobsService } from '#server/features/print-jobs/print-jobs.service.ts';
import { profileRoutes } from '#server/features/profile/profile.routes.ts';
import { createProfileService } from '#server/features/profile/profile.service.ts';
import { promotionsRoutes } from '#server/features/promotions/promotions.routes.ts';
import { createPromotionsService } from '#server/features/promotions/promotions.service.ts';
import { createRateLimitsService } from '#server/features/rate-limits/rate-limits.service.ts';
import { returnsRoutes } from '#server/features/returns/returns.routes.ts';
import { createReturnsService } from '#server/features/returns/returns.service.ts';
import { reviewsRoutes } from '#server/features/reviews/reviews.routes.ts';
import { createReviewsService } from '#server/features/reviews/reviews.service.ts';
import { seoRoutes } from '#server/features/seo/seo.routes.ts';
import { createSeoService } from '#server/features/seo/seo.service.ts';
import { systemRoutes } from '#server/features/system/system.routes.ts';
import { createSystemService } from '#server/features/system/system.service.ts';
import { createStockAlertsService } from '#server/features/wishlist/stock-alerts.service.ts';
import { wishlistRoutes } from '#server/features/wishlist/wishlist.routes.ts';
import { createWishlistService } from '#server/features/wishlist/wishlist.service.ts';
import { serializeError } from '#server/lib/error-log.ts';
import {
  type LogDestination,
  OneLinePerRequest,
  readableLogStream,
} from '#server/lib/readable-log.ts';
import { serializeRequest } from '#server/lib/request-log.ts';
import { registerAuth } from '#server/plugins/auth.ts';
import { registerCompression } from '#server/plugins/compression.ts';
import {
  answerClientError,
  frameworkErrors,
  installErrorHandling,
} from '#server/plugins/errors.ts';
import { registerOpenApi } from '#server/plugins/openapi.ts';
import { createPageRateLimit, registerRateLimit } from '#server/plugins/rate-limit.ts';
import { registerSecurity } from '#server/plugins/security.ts';
import { answerStalledBodies, limitConnectionsPerAddress } from '#server/plugins/slow-clients.ts';
import { registerWebApp } from '#server/plugins/web-app.ts';

export interface AppDependencies {
  config: AppConfig;
  database: DatabaseHandle;
  /** Serve the built web app from config.webRoot; tests of the API leave it out. */
  serveWebApp?: boolean;
  /** The card gateway; the built-in test gateway (D12) when left out. */
  paymentProvider?: PaymentProvider | undefined;
  /** Where the log goes; standard output when left out. */
  logStream?: LogDestination | undefined;
  /** One line a person reads per request and event (LOG_FORMAT); JSON lines when left out. */
  readableLog?: boolean;
}

/** The whole shop as a Fastify instance, ready to listen or to be injected into. */
export async function buildApp({
  config,
  database,
  serveWebApp = false,
  paymentProvider,
  logStream,
  readableLog = false,
}: AppDependencies): Promise<FastifyInstance> {
  const stream = readableLog ? await readableLogStream(logStream) : logStream;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // A request's own serializer logs no headers; these stop one logged by hand.
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // Every logged error goes through it: class, code, frames; never a query's data.
      // Every logged request too: its URL with any token redacted.
      serializers: { err: serializeError, req: serializeRequest },
      ...(stream && { stream }),
    },
    ...(readableLog && { logController: new OneLinePerRequest() }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    clientErrorHandler: answerClientError,
    // A client that stalls or drips its request, or holds a connection silent,
    // must not hold a socket for ever (SECURITY.md, "The service").
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.idleTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      // Node checks the two timeouts above only this often (30 s by default).
      connectionsCheckingInterval: Math.min(1_000, config.headersTimeoutMs),
    },
  });
  app.server.maxConnections = config.maxConnections;
  if (config.maxConnectionsPerAddress !== undefined) {
    limitConnectionsPerAddress(app.server, config.maxConnectionsPerAddress, (address) =>
      app.log.debug({ address }, 'connection refused: too many from one address'),
    );
  }
  answerStalledBodies(app, config.bodyTimeoutMs);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  await registerSecurity(app, config);
  registerOpenApi(app);

  // Each feature's service gets the db and the services it calls (features/README.md).
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
  const catalogueCache = await createCatalogueCache({ database, ...config.catalogueCache });
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
  const payments = createPaymentsService(db, paymentProvider, undefined, razorpay);
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
  const adminProducts = adminProductsIn(db);
  const adminOrders = createAdminOrdersService(db, { orders, designs, printJobs });
  const adminMessages = createAdminMessagesService(db, { messages });
  const adminImages = createAdminImagesService(db, { media });
  const admin = createAdminService(db, { mail });
  const reviews = createReviewsService(db, { catalogue, orders });
  const returns = createReturnsService(db, { orders, catalogue, payments });
  const wishlist = createWishlistService(db, { catalogue });
  registerAuth(app, auth);

  await app.register(
    async (api) => {
      await registerRateLimit(api, rateLimits, config.rateLimitPerMinute);
      await registerCompression(api);
      await api.register(systemRoutes(createSystemService(database)));
      await api.register(authRoutes(auth));
      await api.register(catalogueRoutes(catalogue, catalogueCache, adminProducts));
      await api.register(catalogueListsRoutes(createCatalogueListsService(db, { catalogue })));
      await api.register(cartRoutes(cart));
      await api.register(designsRoutes(designs, designUploads));
      await api.register(sharedDesignsRoutes(sharedDesigns));
      await api.register(groupOrdersRoutes(groupOrders, config.groupOrderSweepMs));
      await api.register(addressRoutes(addresses));
      await api.register(profileRoutes(profile));
      await api.register(messagesRoutes(messages, adminMessages));
      await api.register(ordersRoutes(orders, adminOrders));
      await api.register(invoicesRoutes(createInvoiceDownloadsService(db, { invoices })));
      await api.register(
        paymentsRoutes(payments, createRefundsToPayService(db, { mail, orders }), {
          online: razorpayConfig
            ? {
                provider: 'razorpay',
                keyId: razorpayConfig.keyId,
                checkoutUrl: razorpayConfig.checkoutUrl,
              }
            : null,
        }),
      );
      await api.register(paymentSettingsRoutes(paymentSettings));
      await api.register(businessSettingsRoutes(businessSettings));
      await api.register(promotionsRoutes(promotions));
      await api.register(adminRoutes(admin));
      await api.register(
        adminCsvRoutes(
          createOrdersCsvService(db, { orders }),
          createProductsCsvService(db, adminProductsIn),
        ),
      );
      await api.register(customersRoutes(createCustomersService(db, { addresses })));
      await api.register(analyticsRoutes(createAnalyticsService(db)));
      await api.register(adminImagesRoutes(adminImages));
      await api.register(backupsRoutes(createBackupsService(database, config.backups)));
      await api.register(mailRoutes(mail));
      await api.register(reviewsRoutes(reviews));
      await api.register(returnsRoutes(returns));
      await api.register(wishlistRoutes(wishlist, stockAlerts));
    },
    { prefix: API_PREFIX },
  );
  await app.register(mediaRoutes(media));
  await app.register(sharedDesignPictureRoutes(sharedDesigns));
  await app.register(seoRoutes(createSeoService({ catalogue }, config.publicUrl)));
  const pages = createPagesService(
    { catalogue, reviews, sharedDesigns },
    { webRoot: config.webRoot, publicUrl: config.publicUrl },
  );
  await registerWebApp(app, serveWebApp ? config.webRoot : undefined, {
    productOnSale: (id) => catalogue.isOnSale(id),
    renderPage: (url) => pages.render(url),
    admitPage: createPageRateLimit(app, rateLimits, config.pageRateLimitPerMinute),
  });
  return app;
}
