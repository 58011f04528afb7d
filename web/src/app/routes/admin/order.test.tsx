import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrder, MemberRefund } from '#contract';
import { makeOrder } from '#web/testing/data.ts';
import { apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { AdminOrderRoute } from './order.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function memberRefund(memberName: string, changes: Partial<MemberRefund>): MemberRefund {
  return {
    memberName,
    reason: 'The group closed at a better price break',
    amount: 59.9,
    status: 'refunded',
    reference: 'rfnd_1',
    method: 'online',
    card: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    refundedAt: '2026-11-21T10:00:00.000Z',
    ...changes,
  };
}

function adminOrder(memberRefunds: MemberRefund[]): AdminOrder {
  const order = makeOrder({ status: 'pending' });
  return {
    ...order,
    customer: { _id: 'u1', name: 'Ravi Kumar', email: 'ravi@example.com' },
    events: order.events.map((event) => ({ ...event, actor: null })),
    prints: [],
    memberRefunds,
  };
}

function renderOrder(order: AdminOrder) {
  mockApi({
    [`GET /admin/orders/${order._id}`]: apiOk(order),
    [`GET /order/${order._id}/documents`]: apiOk({ invoice: null, creditNotes: [] }),
  });
  return renderRoutes([{ path: '/admin/orders/:id', Component: AdminOrderRoute }], {
    path: `/admin/orders/${order._id}`,
  });
}

describe('AdminOrderRoute', () => {
  it("lists an 'each pays' group's refunds to its members, to whom, why, and a failed one as failed (decision 073)", async () => {
    renderOrder(
      adminOrder([
        memberRefund('Asha', {}),
        memberRefund('Meena', {
          reason: 'Left the group',
          amount: 599,
          status: 'failed',
          reference: 'rfnd_2',
          refundedAt: null,
        }),
      ]),
    );
    const section = await screen.findByRole('region', { name: "Members' refunds" });
    const lines = within(section).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringMatching(
        /^Asha: Refunded ₹59\.90 .*\(The group closed at a better price break\)$/,
      ),
      expect.stringMatching(/^Meena: Refund of ₹599\.00 .* failed.*\(Left the group\)$/),
    ]);
  });

  it('shows no such section for an order no group paid for', async () => {
    renderOrder(adminOrder([]));
    expect(await screen.findByRole('region', { name: 'Items' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: "Members' refunds" })).not.toBeInTheDocument();
  });
});
