import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CUSTOMISATION, type SharedDesign } from '#contract';
import { makeProduct } from '#web/testing/data.ts';
import { apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { DesignerRoute } from './designer.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const product = makeProduct({
  _id: 'tee-9',
  title: 'Blank Tee',
  customisation: { ...DEFAULT_CUSTOMISATION, customisable: true },
});

const shared: SharedDesign = {
  token: 'a'.repeat(43),
  name: 'Fest tee',
  product,
  design: {
    front: [
      {
        id: 'l1',
        type: 'text',
        text: 'FEST 26',
        fontId: 'bebas-neue',
        colorId: 'red',
        fontSizeMm: 30,
        bold: false,
        italic: false,
        align: 'center',
        arcDegrees: 0,
        xMm: 150,
        yMm: 150,
        rotationDeg: 0,
      },
    ],
    back: [],
  },
};

describe('DesignerRoute', () => {
  it('opens a copy of a design shared by link, for a guest (issue 29)', async () => {
    mockApi({
      'GET /product/tee-9': apiOk(product),
      [`GET /shared-designs/${shared.token}`]: apiOk(shared),
      'GET /payment/options': apiOk({ online: null }),
    });
    renderRoutes([{ path: '/product/:id/customise', Component: DesignerRoute }], {
      path: `/product/tee-9/customise?shared=${shared.token}`,
    });
    expect(await screen.findByRole('button', { name: 'Text: FEST 26' })).toBeInTheDocument();
  });
});
