import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_CUSTOMISATION,
  GROUP_EACH_PAYS_NEEDS_ONLINE_MESSAGE,
  type SavedDesign,
} from '#contract';
import { SHARE_MESSAGES } from '#web/lib/share-link.ts';
import { makeProduct } from '#web/testing/data.ts';
import { apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { MyDesignsRoute } from './my-designs.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const product = makeProduct({
  _id: 'tee-9',
  title: 'Blank Tee',
  customisation: { ...DEFAULT_CUSTOMISATION, customisable: true },
});

const saved: SavedDesign = {
  _id: 'd1',
  name: 'Birthday tee',
  productId: 'tee-9',
  design: {
    front: [
      {
        id: 'l1',
        type: 'text',
        text: 'Happy 30th',
        fontId: 'lobster',
        colorId: 'red',
        fontSizeMm: 30,
        bold: false,
        italic: false,
        align: 'center',
        arcDegrees: 60,
        xMm: 150,
        yMm: 150,
        rotationDeg: 0,
      },
    ],
    back: [],
  },
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  sharePath: null,
};

describe('MyDesignsRoute', () => {
  it('lists saved designs with thumbnails; opens a copy, renames, duplicates and deletes', async () => {
    const { requests } = mockApi({
      'GET /designs': apiOk([saved]),
      'GET /product/tee-9': apiOk(product),
      'GET /payment/options': apiOk({ online: null }),
      'PUT /designs/d1': apiOk({ ...saved, name: 'Party tee' }),
      'POST /designs/d1/duplicate': apiOk({ ...saved, _id: 'd2', name: 'Birthday tee (copy)' }),
      'DELETE /designs/d1': apiOk(null),
    });
    const { user } = renderRoutes([{ path: '/designs', Component: MyDesignsRoute }], {
      path: '/designs',
    });

    const card = within(await screen.findByRole('article', { name: 'Birthday tee' }));
    expect(
      await card.findByRole('img', { name: 'Your design, front on a navy tee: text “Happy 30th”' }),
    ).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Open Birthday tee' })).toHaveAttribute(
      'href',
      '/product/tee-9/customise?design=d1',
    );

    await user.click(card.getByRole('button', { name: 'Rename Birthday tee' }));
    await user.clear(card.getByRole('textbox', { name: 'Name' }));
    await user.type(card.getByRole('textbox', { name: 'Name' }), 'Party tee');
    await user.click(card.getByRole('button', { name: 'Save name' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
        name: 'Party tee',
      }),
    );

    await user.click(card.getByRole('button', { name: 'Duplicate Birthday tee' }));
    expect(await screen.findByText('Saved “Birthday tee (copy)”')).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Delete Birthday tee' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'DELETE')).toBe(true));
  });

  it('shares a design by its link (copied where there is no share sheet) and stops sharing it', async () => {
    const url = 'https://shop.example/d/abc';
    const { requests } = mockApi({
      'GET /designs': apiOk([{ ...saved, sharePath: '/d/abc' }]),
      'GET /product/tee-9': apiOk(product),
      'GET /payment/options': apiOk({ online: null }),
      'POST /designs/d1/share': apiOk({ url }),
      'DELETE /designs/d1/share': apiOk(null),
    });
    const { user } = renderRoutes([{ path: '/designs', Component: MyDesignsRoute }], {
      path: '/designs',
    });
    const card = within(await screen.findByRole('article', { name: 'Birthday tee' }));
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');

    await user.click(card.getByRole('button', { name: 'Share Birthday tee' }));
    expect(await screen.findByText(SHARE_MESSAGES.copied)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(url);

    await user.click(card.getByRole('button', { name: 'Stop sharing Birthday tee' }));
    expect(await screen.findByText('“Birthday tee” is no longer shared')).toBeInTheDocument();
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(
      expect.arrayContaining(['POST /designs/d1/share', 'DELETE /designs/d1/share']),
    );
  });

  it.each([
    { online: null, eachPaysOff: true },
    {
      online: {
        provider: 'razorpay',
        keyId: 'rzp_test_1',
        checkoutUrl: 'https://checkout.test/v1.js',
      },
      eachPaysOff: false,
    },
  ])("offers 'each member pays' only when the shop takes online payment (online: $online)", async ({
    online,
    eachPaysOff,
  }) => {
    mockApi({
      'GET /designs': apiOk([saved]),
      'GET /product/tee-9': apiOk(product),
      'GET /payment/options': apiOk({ online }),
    });
    const { user } = renderRoutes([{ path: '/designs', Component: MyDesignsRoute }], {
      path: '/designs',
    });
    const card = within(await screen.findByRole('article', { name: 'Birthday tee' }));
    await user.click(
      await card.findByRole('button', { name: 'Start a group order for Birthday tee' }),
    );
    const eachPays = card.getByRole('radio', { name: 'Each member pays for their own piece' });
    await waitFor(() => expect(eachPays.hasAttribute('disabled')).toBe(eachPaysOff));
    if (eachPaysOff) {
      expect(eachPays).toHaveAccessibleDescription(GROUP_EACH_PAYS_NEEDS_ONLINE_MESSAGE);
    } else {
      expect(card.queryByText(GROUP_EACH_PAYS_NEEDS_ONLINE_MESSAGE)).toBeNull();
    }
  });
});
