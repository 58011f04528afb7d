import type { APIRequestContext, Page } from '@playwright/test';
import type { SavedDesign } from '#contract';
import { bearer, resultOf } from './api.ts';

/** A design saved through the API: one line of text, Bebas Neue 50 mm, centred on the front. */
export async function saveTextDesignViaApi(
  request: APIRequestContext,
  token: string,
  design: { name: string; productId: string; text: string; colorId: string },
): Promise<SavedDesign> {
  return resultOf<SavedDesign>(
    await request.post('/api/v1/designs', {
      headers: bearer(token),
      data: {
        name: design.name,
        productId: design.productId,
        design: {
          front: [
            {
              id: 't1',
              type: 'text',
              text: design.text,
              fontId: 'bebas-neue',
              colorId: design.colorId,
              fontSizeMm: 50,
              bold: false,
              italic: false,
              align: 'center',
              arcDegrees: 0,
              xMm: 150,
              yMm: 120,
              rotationDeg: 0,
            },
          ],
          back: [],
        },
      },
    }),
  );
}

/**
 * The signed-in organiser starts a group order for the saved design `name`
 * from My designs, on a phone: answers the group's link.
 */
export async function startGroupOrderFromDesigns(
  page: Page,
  name: string,
  options: { eachPays?: boolean; namesAndNumbers?: boolean },
): Promise<string> {
  await page.goto('/designs');
  await page.getByRole('button', { name: `Start a group order for ${name}` }).tap();
  if (options.eachPays) {
    await page.getByRole('radio', { name: 'Each member pays for their own piece' }).check();
  }
  if (options.namesAndNumbers) {
    await page
      .getByRole('checkbox', { name: 'Members add a name and number for the back' })
      .check();
  }
  await page.getByRole('button', { name: 'Start the group order' }).tap();
  return page.getByRole('textbox', { name: 'Group order link' }).inputValue();
}
