import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CUSTOMISATION, type GroupOrder, type JoinedGroupOrder } from '#contract';
import { apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { GroupOrderRoute } from './group-order.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ORDER_ID = '6f1e0c2a-0d4b-4c7e-9a51-3b2d81c4e9aa';

const group: GroupOrder = {
  token: 'tok',
  url: 'http://localhost/g/tok',
  organiserName: 'Ravi',
  product: {
    _id: 'tee-1',
    title: 'Team Tee',
    color: { name: 'White', hex: '#ffffff' },
    garment: 'tee',
    sizes: ['S', 'M'],
    printAreas: DEFAULT_CUSTOMISATION.printAreas,
    priceBreaks: [{ minQuantity: 2, percentOff: 10 }],
  },
  design: { front: [], back: [] },
  unitPrice: 500,
  joinPrice: null,
  closesAt: '2099-01-01T10:00:00.000Z',
  payer: 'organiser',
  personalise: true,
  status: 'open',
  pieces: 2,
  sizeTotals: { M: 2 },
  isOrganiser: false,
  entries: null,
  orderId: null,
};

const renderGroup = (search = '') =>
  renderRoutes([{ path: '/g/:token', Component: GroupOrderRoute }], { path: `/g/tok${search}` });

describe('GroupOrderRoute', () => {
  it("prices each piece after the group's break, and a member joins with a name and number", async () => {
    const joined: JoinedGroupOrder = {
      entry: {
        _id: 'e1',
        name: 'Asha',
        email: 'asha@example.com',
        size: 'M',
        playerName: 'ASHA',
        number: 7,
        paid: false,
        amountPaid: null,
        refunded: 0,
        dropped: false,
        createdAt: '2026-11-20T10:00:00.000Z',
      },
      entryToken: 'secret',
      payment: null,
    };
    const { requests } = mockApi({
      'GET /payment/options': apiOk({ online: null }),
      'GET /group-orders/tok': apiOk(group),
      'POST /group-orders/tok/entries': apiOk(joined, 201),
    });
    const { user } = renderGroup();
    expect(await screen.findByText('₹450.00')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Asha');
    await user.type(screen.getByRole('textbox', { name: 'Your email' }), 'asha@example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'M');
    await user.type(screen.getByRole('textbox', { name: 'Name on the back' }), 'ASHA');
    await user.type(screen.getByRole('textbox', { name: 'Number on the back' }), '7');
    await user.click(screen.getByRole('button', { name: 'Join the group' }));
    expect(await screen.findByRole('heading', { name: "You're in" })).toBeInTheDocument();
    expect(screen.getByText('Asha: M · ASHA · 7.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Asha',
      email: 'asha@example.com',
      size: 'M',
      playerName: 'ASHA',
      number: 7,
    });
  });

  it("shows the organiser a closed group's order number", async () => {
    mockApi({
      'GET /payment/options': apiOk({ online: null }),
      'GET /group-orders/tok': apiOk({
        ...group,
        status: 'closed',
        isOrganiser: true,
        entries: [],
        orderId: ORDER_ID,
      }),
    });
    renderGroup();
    expect(await screen.findByText(/Ordered:/)).toHaveTextContent('Ordered: #81c4e9aa');
  });
});
