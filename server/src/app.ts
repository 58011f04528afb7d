import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX } from '#contract';
import type { AppConfig } from '#server/config/env.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { addressRoutes } from '#server/features/addresses/addresses.routes.ts';
import { adminRoutes } from '#server/features/admin/admin.routes.ts';
import { adminCsvRoutes } from '#server/features/admin-csv/admin-csv.routes.ts';
import { analyticsRoutes } from '#server/features/analytics/analytics.routes.ts';
import { authRoutes } from '#server/features/auth/auth.routes.ts';
import { backupsRoutes } from '#server/features/backups/backups.routes.ts';
import { businessSettingsRoutes } from '#server/features/business/business-settings.routes.ts';
import { cartRoutes } from '#server/features/cart/cart.routes.ts';
import { catalogueRoutes } from '#server/features/catalogue/catalogue.routes.ts';
import { createCatalogueCache } from '#server/features/catalogue/catalogue-cache.ts';
import { catalogueListsRoutes } from '#server/features/catalogue/catalogue-lists.routes.ts';
import { customersRoutes } from '#server/features/customers/customers.routes.ts';
import { designsRoutes } from '#server/features/designs/designs.routes.ts';
import {
  sharedDesignPictureRoutes,
  sharedDesignsRoutes,
} from '#server/features/designs/shared-designs.routes.ts';
import { groupOrdersRoutes } from '#server/features/group-orders/group-orders.routes.ts';
import { invoicesRoutes } from '#server/features/invoices/invoices.routes.ts';
import { mailRoutes } from '#server/features/mail/mail.routes.ts';
import { adminImagesRoutes, mediaRoutes } from '#server/features/media/media.routes.ts';
import { messagesRoutes } from '#server/features/messages/messages.routes.ts';
import { ordersRoutes } from '#server/features/orders/orders.routes.ts';
import type { PaymentProvider } from '#server/features/payments/payment-provider.ts';
import { paymentSettingsRoutes } from '#server/features/payments/payment-settings.routes.ts';
import { paymentsRoutes } from '#server/features/payments/payments.routes.ts';
import { profileRoutes } from '#server/features/profile/profile.routes.ts';
import { promotionsRoutes } from '#server/features/promotions/promotions.routes.ts';
import { returnsRoutes } from '#server/features/returns/returns.routes.ts';
import { reviewsRoutes } from '#server/features/reviews/reviews.routes.ts';
import { seoRoutes } from '#server/features/seo/seo.routes.ts';
import { systemRoutes } from '#server/features/system/system.routes.ts';
import { wishlistRoutes } from '#server/features/wishlist/wishlist.routes.ts';
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
import { createServices, type Services } from '#server/services.ts';

export interface AppDependencies {
  config: AppConfig;
  database: DatabaseHandle;
  /** Serve the built web app from config.webRoot; tests of the API leave it out. */
  serveWebApp?: boolean;
  /** The process's services (server.ts shares them with its background work); made here when left out. */
  services?: Services | undefined;
  /** The card gateway of the services made here; the built-in test gateway (D12) when left out. */
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
  services: given,
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

  const services = given ?? createServices(database, config, { paymentProvider });
  const catalogueCache = await createCatalogueCache({ database, ...config.catalogueCache });
  const { auth, catalogue, rateLimits, sharedDesigns, pages } = services;
  registerAuth(app, auth);

  await app.register(
    async (api) => {
      await registerRateLimit(api, rateLimits, config.rateLimitPerMinute);
      await registerCompression(api);
      await api.register(systemRoutes(services.system));
      await api.register(authRoutes(auth));
      await api.register(catalogueRoutes(catalogue, catalogueCache, services.adminProducts));
      await api.register(catalogueListsRoutes(services.catalogueLists));
      await api.register(cartRoutes(services.cart));
      await api.register(designsRoutes(services.designs, services.designUploads));
      await api.register(sharedDesignsRoutes(sharedDesigns));
      await api.register(groupOrdersRoutes(services.groupOrders, config.groupOrderSweepMs));
      await api.register(addressRoutes(services.addresses));
      await api.register(profileRoutes(services.profile));
      await api.register(messagesRoutes(services.messages, services.adminMessages));
      await api.register(ordersRoutes(services.orders, services.adminOrders));
      await api.register(invoicesRoutes(services.invoiceDownloads));
      const razorpayConfig = config.payments.razorpay;
      await api.register(
        paymentsRoutes(services.payments, services.refundsToPay, {
          online: razorpayConfig
            ? {
                provider: 'razorpay',
                keyId: razorpayConfig.keyId,
                checkoutUrl: razorpayConfig.checkoutUrl,
              }
            : null,
        }),
      );
      await api.register(paymentSettingsRoutes(services.paymentSettings));
      await api.register(businessSettingsRoutes(services.businessSettings));
      await api.register(promotionsRoutes(services.promotions));
      await api.register(adminRoutes(services.admin));
      await api.register(adminCsvRoutes(services.ordersCsv, services.productsCsv));
      await api.register(customersRoutes(services.customers));
      await api.register(analyticsRoutes(services.analytics));
      await api.register(adminImagesRoutes(services.adminImages));
      await api.register(backupsRoutes(services.backups));
      await api.register(mailRoutes(services.mail));
      await api.register(reviewsRoutes(services.reviews));
      await api.register(returnsRoutes(services.returns));
      await api.register(wishlistRoutes(services.wishlist, services.stockAlerts));
    },
    { prefix: API_PREFIX },
  );
  await app.register(mediaRoutes(services.media));
  await app.register(sharedDesignPictureRoutes(sharedDesigns));
  await app.register(seoRoutes(services.seo));
  await registerWebApp(app, serveWebApp ? config.webRoot : undefined, {
    productOnSale: (id) => catalogue.isOnSale(id),
    renderPage: (url) => pages.render(url),
    admitPage: createPageRateLimit(app, rateLimits, config.pageRateLimitPerMinute),
  });
  return app;
}
