import { test as base, type ConsoleMessage, expect } from '@playwright/test';

/**
 * A frame sandboxed without scripts (the admin's email preview) refusing a
 * script: the sandbox doing its job. The only scripts sent there are the
 * test run's own (the trace recorder snapshots every frame), so whether
 * Chromium reports one depends on timing, not on the shop.
 */
function isSandboxRefusingTooling(message: ConsoleMessage): boolean {
  return (
    message.location().url === 'about:srcdoc' &&
    message.text().startsWith("Blocked script execution in 'about:srcdoc'")
  );
}

/**
 * Every journey fails on a console error or an uncaught page error: a shop
 * that logs errors in a shopper's browser is broken even when it looks fine.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !isSandboxRefusingTooling(message)) {
          errors.push(message.text());
        }
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors during the journey').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
