/**
 * `zod` as the browser build imports it (web/vite.config.ts): the same
 * library, told never to compile parsers with `new Function`, which the
 * shop's CSP forbids (no 'unsafe-eval'); trying logs a violation (issue 14,
 * Lighthouse best practices).
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
