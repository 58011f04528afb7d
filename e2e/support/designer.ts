import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import type { AdminProduct } from '#contract';
import { adminTokenViaApi } from './admin.ts';
import { bearer, resultOf } from './api.ts';

export const PRINT_AREAS = {
  front: { xMm: 150, yMm: 150, widthMm: 300, heightMm: 400 },
  back: { xMm: 160, yMm: 120, widthMm: 280, heightMm: 350 },
};

/** A new customisable tee style (₹499; front +₹150, back +₹120): answers a maker of its colours. */
export async function customisableTee(request: APIRequestContext) {
  const adminToken = await adminTokenViaApi(request);
  const tee = {
    title: `Designer Tee ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    description: 'A plain tee for your own design.',
    price: 499,
    gender: 'Unisex',
    category: 'T-Shirts',
    sizes: { M: 5 },
    customisation: {
      customisable: true,
      printAreas: PRINT_AREAS,
      decorationPrice: { front: 150, back: 120 },
    },
  };
  return async (color: { name: string; hex: string }, styleId?: string) =>
    resultOf<AdminProduct>(
      await request.post('/api/v1/admin/products', {
        headers: bearer(adminToken),
        data: { ...tee, color, ...(styleId && { styleId }) },
      }),
    );
}

/** A picture to upload: 1200 × 900 px, enough for 150 DPI at 200 mm wide. */
export const picture = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2a9d46' } })
    .png()
    .toBuffer();
