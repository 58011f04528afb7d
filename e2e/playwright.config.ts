import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN } from './support/admin.ts';
import { INBOX } from './support/inbox.ts';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${PORT}`;

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
      testIgnore: /payment-settings\.spec\.ts/,
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
      command: `node --import tsx server/src/admin-cli.ts --email ${E2E_ADMIN.email} --password '${E2E_ADMIN.password}' --name '${E2E_ADMIN.name}' && node --import tsx scripts/start.ts`,
      cwd: '..',
      url: `${baseURL}/api/v1/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: 'localhost',
        DATA_DIR: join(tmpdir(), `shop-e2e-${process.pid}`),
        BACKUP_DIR: join(tmpdir(), `shop-e2e-backups-${process.pid}`),
        // Each run builds its own copy of the web app, so runs side by side never share files.
        WEB_ROOT: join(tmpdir(), `shop-e2e-web-${PORT}`),
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '100000',
        PAGE_RATE_LIMIT_PER_MINUTE: '100000',
        // Every journey signs up from this one machine.
        SIGNUP_LIMIT_PER_HOUR: '1000000',
        SMTP_URL: `smtp://127.0.0.1:${INBOX.smtpPort}`,
        PUBLIC_URL: baseURL,
        MAIL_POLL_MS: '200',
      },
    },
  ],
});
