import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { PAYMENT_PAGE_PATTERN } from '#contract';
import type { AppConfig } from '#server/config/env.ts';

/**
 * The CSP allows no inline or third-party script: the token lives in
 * localStorage (D14), and this is what keeps injected script from reading it.
 * Inline styles stay allowed for the toast library's injected stylesheet.
 */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      // Shops served over plain HTTP on a local network must keep working.
      upgradeInsecureRequests: null,
    },
  },
};

/**
 * The headers helmet's middleware sets, made once: it runs against a recorder
 * at start. Without nonces or per-route options they are the same for every
 * answer, and @fastify/helmet built the whole middleware again on each request
 * (the CSP parsed each time: the largest cost of a warm catalogue read beyond
 * the socket; decision 026).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  // helmet reads nothing of the request, and of the response only these two methods.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The CSP of the payment pages when the shop has Razorpay's keys: Checkout's
 * script from RAZORPAY_CHECKOUT_URL's origin, and its frames and calls from
 * that origin and RAZORPAY_API_URL's; everything else as strict as elsewhere.
 */
export function paymentPageHelmetOptions(razorpay: { checkoutUrl: string; apiUrl: string }) {
  const checkoutOrigin = new URL(razorpay.checkoutUrl).origin;
  const apiOrigin = new URL(razorpay.apiUrl).origin;
  const origins = [...new Set([checkoutOrigin, apiOrigin])];
  const csp = HELMET_OPTIONS.contentSecurityPolicy;
  const directives = typeof csp === 'object' ? csp.directives : undefined;
  return {
    ...HELMET_OPTIONS,
    contentSecurityPolicy: {
      directives: {
        ...directives,
        scriptSrc: ["'self'", checkoutOrigin],
        frameSrc: ["'self'", ...origins],
        connectSrc: ["'self'", ...origins],
      },
    },
  } satisfies HelmetOptions;
}

/** Security headers (helmet's) and CORS for everything the shop serves: answers, errors, 404s and files alike. */
export async function registerSecurity(app: FastifyInstance, config: AppConfig): Promise<void> {
  const headers = helmetHeaders(HELMET_OPTIONS);
  const razorpay = config.payments.razorpay;
  const paymentHeaders = razorpay ? helmetHeaders(paymentPageHelmetOptions(razorpay)) : headers;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(PAYMENT_PAGE_PATTERN.test(request.url) ? paymentHeaders : headers);
    done();
  });
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    maxAge: 600,
  });
}
