import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_CUSTOMISATION,
  GROUP_NOTHING_TO_ORDER_MESSAGE,
  type GroupEntry,
  type GroupOrder,
  type JoinedGroupOrder,
} from '#contract';
import { ENTRY_LINK_GONE_MESSAGE } from '#web/features/group-orders/components/member-view.tsx';
import { apiFail, apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { GroupOrderRoute } from './group-order.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ORDER_ID = '6f1e0c2a-0d4b-4c7e-9a51-3b2d81c4e9aa';
const OTHER_ORDER_ID = '1a2b3c4d-0d4b-4c7e-9a51-00000000beef';

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
  orderIds: [],
};

/** Asha's entry in `group`: an M with her name and number, not paid. */
const ashaEntry: GroupEntry = {
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
  orderId: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

const renderGroup = (search = '') =>
  renderRoutes([{ path: '/g/:token', Component: GroupOrderRoute }], { path: `/g/tok${search}` });

describe('GroupOrderRoute', () => {
  it("prices each piece after the group's break, and a member joins with a name and number", async () => {
    const joined: JoinedGroupOrder = {
      entry: ashaEntry,
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
    expect(screen.getByRole('link', { name: 'Change your entry' })).toHaveAttribute(
      'href',
      '/g/tok?entry=e1&token=secret',
    );
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Asha',
      email: 'asha@example.com',
      size: 'M',
      playerName: 'ASHA',
      number: 7,
    });
  });

  it("opens the member's edit link on their entry as it stands, and saves the whole piece", async () => {
    const { requests } = mockApi({
      'GET /payment/options': apiOk({ online: null }),
      'GET /group-orders/tok': apiOk(group),
      'GET /group-orders/tok/entries/e1': apiOk(ashaEntry),
      'PATCH /group-orders/tok/entries/e1': apiOk({ ...ashaEntry, size: 'S', playerName: null }),
    });
    const { user } = renderGroup('?entry=e1&token=secret');
    const form = await screen.findByRole('form', { name: 'Change your entry' });
    expect(within(form).getByRole('textbox', { name: 'Your name' })).toHaveValue('Asha');
    expect(within(form).getByRole('textbox', { name: 'Your email' })).toHaveValue(
      'asha@example.com',
    );
    expect(within(form).getByRole('combobox', { name: 'Size' })).toHaveValue('M');
    expect(within(form).getByRole('textbox', { name: 'Name on the back' })).toHaveValue('ASHA');
    expect(within(form).getByRole('textbox', { name: 'Number on the back' })).toHaveValue('7');
    const read = requests.find((request) => request.path === '/group-orders/tok/entries/e1');
    expect(read?.headers.get('x-entry-token')).toBe('secret');

    await user.selectOptions(within(form).getByRole('combobox', { name: 'Size' }), 'S');
    await user.clear(within(form).getByRole('textbox', { name: 'Name on the back' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved: S · 7.')).toBeInTheDocument();
    const saved = requests.find((request) => request.method === 'PATCH');
    expect(saved?.body).toEqual({
      name: 'Asha',
      email: 'asha@example.com',
      size: 'S',
      playerName: '',
      number: 7,
    });
    expect(saved?.headers.get('x-entry-token')).toBe('secret');
  });

  it('says so when the edit link opens no entry (left, or cut short)', async () => {
    mockApi({
      'GET /payment/options': apiOk({ online: null }),
      'GET /group-orders/tok': apiOk(group),
      'GET /group-orders/tok/entries/e1': apiFail(404, 'Entry not found'),
    });
    renderGroup('?entry=e1&token=wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(ENTRY_LINK_GONE_MESSAGE);
    expect(screen.queryByRole('form', { name: 'Change your entry' })).not.toBeInTheDocument();
  });

  it("shows the organiser an ordered group's order number", async () => {
    mockApi({
      'GET /payment/options': apiOk({ online: null }),
      'GET /group-orders/tok': apiOk({
        ...group,
        status: 'ordered',
        isOrganiser: true,
        entries: [],
        orderIds: [ORDER_ID],
      }),
    });
    renderGroup();
    expect(await screen.findByText(/Ordered:/)).toHaveTextContent('Ordered: #81c4e9aa');
    expect(screen.queryByRole('button', { name: 'Go to the cart' })).not.toBeInTheDocument();
  });

  it('shows the organiser every order of a group ordered in parts, and the piece still to order', async () => {
    const entry = (id: string, name: string, orderId: string | null): GroupEntry => ({
      _id: id,
      name,
      email: `${id}@example.com`,
      size: 'M',
      playerName: null,
      number: null,
      paid: orderId !== null,
      amountPaid: null,
      refunded: 0,
      dropped: false,
      orderId,
      createdAt: '2026-11-20T10:00:00.000Z',
    });
    mockApi({
      'GET /payment/options': apiOk({ online: null }),
      'GET /group-orders/tok': apiOk({
        ...group,
        status: 'closed',
        isOrganiser: true,
        entries: [
          entry('e1', 'Asha', ORDER_ID),
          entry('e2', 'Ravi', OTHER_ORDER_ID),
          entry('e3', 'Meera', null),
        ],
        orderIds: [ORDER_ID, OTHER_ORDER_ID],
      }),
    });
    renderGroup();
    expect(await screen.findByText(/Ordered:/)).toHaveTextContent('Ordered: #81c4e9aa, #0000beef');
    expect(screen.getByRole('link', { name: '#0000beef' })).toHaveAttribute(
      'href',
      `/order/${OTHER_ORDER_ID}`,
    );
    expect(screen.getByText('M · ordered in #81c4e9aa')).toBeInTheDocument();
    expect(screen.getByText('1 piece is not ordered yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to the cart' })).toBeInTheDocument();
  });

  it('puts the pieces not ordered yet back in the cart on the way to it, and says why it cannot', async () => {
    const waiting = {
      ...group,
      status: 'closed' as const,
      isOrganiser: true,
      entries: [ashaEntry],
      orderIds: [],
    };
    const answers = [apiFail(409, GROUP_NOTHING_TO_ORDER_MESSAGE), apiOk({ added: 1 })];
    const { requests } = mockApi({
      'GET /payment/options': apiOk({ online: null }),
      'GET /group-orders/tok': apiOk(waiting),
      'POST /group-orders/tok/cart': () => answers.shift() ?? apiFail(500, 'asked too often'),
    });
    const { user } = renderRoutes(
      [
        { path: '/g/:token', Component: GroupOrderRoute },
        { path: '/cart', element: <p>The cart page</p> },
      ],
      { path: '/g/tok' },
    );
    await user.click(await screen.findByRole('button', { name: 'Go to the cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(GROUP_NOTHING_TO_ORDER_MESSAGE);

    await user.click(screen.getByRole('button', { name: 'Go to the cart' }));
    expect(await screen.findByText('The cart page')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(2);
  });

  it('shows the organiser of an each-pays group who paid, and what went back to whom', async () => {
    const member = {
      email: 'member@example.com',
      size: 'M' as const,
      playerName: null,
      number: null,
      orderId: null,
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    mockApi({
      'GET /payment/options': apiOk({ online: null }),
      'GET /group-orders/tok': apiOk({
        ...group,
        payer: 'each',
        isOrganiser: true,
        entries: [
          {
            ...member,
            _id: 'e1',
            name: 'Asha',
            paid: true,
            amountPaid: 599,
            refunded: 0,
            dropped: false,
          },
          {
            ...member,
            _id: 'e2',
            name: 'Ravi',
            paid: true,
            amountPaid: 599,
            refunded: 59.9,
            dropped: false,
          },
          {
            ...member,
            _id: 'e3',
            name: 'Meena',
            paid: true,
            amountPaid: 599,
            refunded: 0,
            dropped: true,
          },
          {
            ...member,
            _id: 'e4',
            name: 'Kiran',
            paid: false,
            amountPaid: null,
            refunded: 0,
            dropped: false,
          },
        ],
      }),
    });
    renderGroup();
    const roster = await screen.findByRole('list', { name: 'Roster' });
    const items = within(roster).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Paid ₹599.00'),
      expect.stringContaining('Paid ₹599.00, ₹59.90 refunded'),
      expect.stringContaining('Out of the group: ₹0.00 of ₹599.00 refunded'),
      expect.stringContaining('Not paid yet'),
    ]);
  });
});
