import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The 375 px phone and 1280 px laptop every screen is checked at. */
export const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  laptop: { width: 1280, height: 800 },
} as const;

/**
 * Waits until every finite animation has ended: a card still fading in is
 * part transparent, and axe would measure its text's contrast mid-fade.
 * Endless ones (spinners, skeleton pulses) are not waited for.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/**
 * Fails on any serious or critical axe violation on the page once its
 * animations have settled. The scan itself runs with reduced motion asked
 * for, so a card that arrives during it (related products, recently viewed)
 * is drawn settled instead of half-way through its fade-in, a contrast no
 * shopper sees. Toasts are left out: they fade in and out on their own timers.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await animationsSettled(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { violations } = await new AxeBuilder({ page })
    .exclude('[data-rht-toaster]')
    .analyze()
    .finally(() => page.emulateMedia({ reducedMotion: null }));
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}

/** Checks the screen at the 375 px phone width, then at the 1280 px laptop width. */
export async function expectNoSeriousA11yViolationsAtBothWidths(page: Page): Promise<void> {
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.laptop]) {
    await page.setViewportSize(viewport);
    await expectNoSeriousA11yViolations(page);
  }
}
