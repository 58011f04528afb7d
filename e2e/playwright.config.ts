import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { RAZORPAY_WEBHOOK_PATH } from '#contract';
import { E2E_ADMIN } from './support/admin.ts';
import { INBOX } from './support/inbox.ts';
import { ONLINE_SHOP, RAZORPAY_STAND_IN } from './support/razorpay.ts';
import { E2E_WEB_ROOT } from './support/web-build.ts';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${PORT}`;
/** What both shops are run with: quiet, and no limit a run of journeys from one machine reaches. */
const SHOP_ENV = {
  HOST: 'localhost',
  WEB_ROOT: E2E_WEB_ROOT,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '100000',
  PAGE_RATE_LIMIT_PER_MINUTE: '100000',
  // Every journey signs up from this one machine.
  SIGNUP_LIMIT_PER_HOUR: '1000000',
  // A minute after the start, the first scheduled backup dumps the embedded database and every
  // request waits seconds for it (journeys timed out on it); backups have their own tests.
  BACKUP_EVERY_HOURS: '0',
};
const RAZORPAY_KEYS = {
  RAZORPAY_KEY_ID: RAZORPAY_STAND_IN.keyId,
  RAZORPAY_KEY_SECRET: RAZORPAY_STAND_IN.keySecret,
  RAZORPAY_WEBHOOK_SECRET: RAZORPAY_STAND_IN.webhookSecret,
};

/**
 * Journeys run against the real shop (built web app, server, a fresh embedded
 * database with the seed catalogue) in Debian's Chromium: Playwright's own
 * browser downloads are not reachable here.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // CI's machine runs two journeys, their browsers and the shop on two cores: a screen that
  // shows in 2 s here can take 6 s there. The bounds grow there; every wait is still for a role or a text.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 5_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // The shop the journeys run on takes cash on orders of any size (tests/shop-setup.setup.ts).
    { name: 'shop-setup', testMatch: /shop-setup\.setup\.ts/ },
    {
      name: 'chromium',
      use: { browserName: 'chromium' },
      testIgnore: /(payment-settings|online-payments|group-order-each-pays)\.spec\.ts/,
      dependencies: ['shop-setup'],
    },
    // The owner's payment settings are the whole shop's: changed while other journeys pay,
    // they would change those journeys' totals, so this one runs after all of them.
    {
      name: 'shop-settings',
      use: { browserName: 'chromium' },
      testMatch: /payment-settings\.spec\.ts/,
      dependencies: ['chromium'],
    },
    // Paying online runs on the second shop, the one with Razorpay's keys (support/razorpay.ts):
    // an order's payment, and a group member's own (decision 066).
    {
      name: 'online-payments',
      use: { browserName: 'chromium', baseURL: ONLINE_SHOP.url },
      testMatch: /(online-payments|group-order-each-pays)\.spec\.ts/,
    },
  ],
  webServer: [
    {
      // The test mail server the shop sends to; journeys read what arrived (support/inbox.ts).
      command: 'node --import tsx server/test/smtp-inbox.ts',
      cwd: '..',
      url: INBOX.url,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { SMTP_PORT: String(INBOX.smtpPort), INBOX_PORT: String(INBOX.httpPort) },
    },
    {
      // The shop's first admin comes from the command line (D25), before the shop holds the data folder.
      command: `node --import tsx server/src/admin-cli.ts --email ${E2E_ADMIN.email} --password '${E2E_ADMIN.password}' --name '${E2E_ADMIN.name}' && node scripts/start.mjs`,
      cwd: '..',
      url: `${baseURL}/api/v1/health`,
      // A first start migrates and seeds an empty database: ~20 s on a quiet machine, minutes on a busy one.
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...SHOP_ENV,
        PORT: String(PORT),
        DATA_DIR: join(tmpdir(), `shop-e2e-${process.pid}`),
        BACKUP_DIR: join(tmpdir(), `shop-e2e-backups-${process.pid}`),
        SMTP_URL: `smtp://127.0.0.1:${INBOX.smtpPort}`,
        PUBLIC_URL: baseURL,
        MAIL_POLL_MS: '200',
      },
    },
    {
      // Razorpay, played by its stand-in: the API, Checkout's script and dialog, webhooks to the second shop.
      command: 'node --import tsx server/test/razorpay-stand-in.ts',
      cwd: '..',
      url: RAZORPAY_STAND_IN.checkoutUrl,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...RAZORPAY_KEYS,
        RAZORPAY_STAND_IN_PORT: String(RAZORPAY_STAND_IN.port),
        RAZORPAY_STAND_IN_WEBHOOK_URL: `${ONLINE_SHOP.url}/api/v1${RAZORPAY_WEBHOOK_PATH}`,
      },
    },
    {
      // The shop with Razorpay's keys. Web servers start one after another, each once its URL
      // answers: by now the first shop has built the web app, and this one serves that copy.
      command: 'node scripts/start.mjs',
      cwd: '..',
      url: `${ONLINE_SHOP.url}/api/v1/health`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...SHOP_ENV,
        ...RAZORPAY_KEYS,
        PORT: String(ONLINE_SHOP.port),
        DATA_DIR: join(tmpdir(), `shop-e2e-online-${process.pid}`),
        BACKUP_DIR: join(tmpdir(), `shop-e2e-online-backups-${process.pid}`),
        PUBLIC_URL: ONLINE_SHOP.url,
        RAZORPAY_API_URL: RAZORPAY_STAND_IN.url,
        RAZORPAY_CHECKOUT_URL: RAZORPAY_STAND_IN.checkoutUrl,
        PAYMENT_WINDOW_MINUTES: String(ONLINE_SHOP.paymentWindowMinutes),
        PAYMENT_SWEEP_MS: String(ONLINE_SHOP.sweepEveryMs),
      },
    },
  ],
});
