import { expect, type Page } from '@playwright/test';

/**
 * Waits until React has taken over a server-rendered page (decision 022): it
 * keeps its fibre on each element it hydrated. Before that, the page shows
 * but a click on a button does nothing and a link loads a new page.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(document.getElementById('main') ?? {}).some((key) =>
          key.startsWith('__reactFiber'),
        ),
      ),
    )
    .toBe(true);
}
