import { expect, test } from '../fixtures.ts';
import { signInAsAdmin } from '../support/admin.ts';
import { expectNoSeriousA11yViolations, VIEWPORTS } from '../support/axe.ts';

/**
 * Sales over time on the dashboard (issue 27): the chart loads on /admin,
 * the owner changes the range and the intervals, the table holds the same
 * figures, and the page passes axe with the chart drawn.
 */

test('the dashboard draws sales over time, in a table too, and passes axe at both widths', async ({
  page,
  request,
}) => {
  test.slow(); // two full axe runs of the dashboard
  await signInAsAdmin(page, request);
  await page.setViewportSize(VIEWPORTS.laptop);
  await page.goto('/admin');
  const sales = page.getByRole('region', { name: 'Sales over time' });
  await expect(sales).toBeVisible();
  await expect(sales.getByRole('button', { name: '30 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // The chart's own chunk has loaded and drawn one bar slot per day.
  await expect(sales.locator('svg.recharts-surface')).toBeVisible();

  await sales.getByRole('button', { name: '7 days' }).click();
  await sales.getByLabel('Intervals').selectOption('day');
  await sales.getByText('Every figure as a table').click();
  const table = sales.getByRole('table');
  await expect(table.getByRole('rowheader')).toHaveCount(7);

  await sales.getByLabel('Intervals').selectOption('week');
  await expect(table.getByRole('rowheader').first()).toBeVisible();
  await expect(table.getByRole('rowheader')).not.toHaveCount(7);

  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(VIEWPORTS.phone);
  await expect(sales.locator('svg.recharts-surface')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
