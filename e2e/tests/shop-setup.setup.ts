import { expect, test as setup } from '@playwright/test';
import { COD_MAX_ORDER_LIMIT, DEFAULT_PAYMENT_SETTINGS } from '#contract';
import { adminTokenViaApi } from '../support/admin.ts';
import { bearer } from '../support/api.ts';

/** The journeys' shop in Karnataka, registered for GST: its orders are invoiced (issue 26). */
const JOURNEY_BUSINESS = {
  legalName: 'TeeCraft Apparel Private Limited',
  tradeName: 'TeeCraft',
  address: '80 Feet Road, Koramangala\nBengaluru 560034',
  stateCode: '29',
  gstin: '29ABCDE1234F1ZW',
  invoicePrefix: 'TC',
} as const;

/**
 * The journeys pay cash for carts of any size, as they did before the owner's
 * cash on delivery limit (issue 25): the shop they run on takes cash up to the
 * highest limit the owner may set. The limit itself is the subject of
 * payment-settings.spec.ts, which runs after every other journey.
 */
setup('the journeys’ shop takes cash on orders of any size', async ({ request }) => {
  const response = await request.put('/api/v1/admin/settings/payments', {
    headers: bearer(await adminTokenViaApi(request)),
    data: { ...DEFAULT_PAYMENT_SETTINGS, codMaxOrder: COD_MAX_ORDER_LIMIT },
  });
  expect(response.status()).toBe(200);
});

setup('the journeys’ shop has a GSTIN, so its orders are invoiced', async ({ request }) => {
  const response = await request.put('/api/v1/admin/settings/business', {
    headers: bearer(await adminTokenViaApi(request)),
    data: JOURNEY_BUSINESS,
  });
  expect(response.status()).toBe(200);
});
