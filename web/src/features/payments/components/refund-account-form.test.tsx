import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IFSC_MESSAGE, UPI_ID_MESSAGE } from '#contract';
import { apiFail, apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { RefundAccountPanel } from './refund-account-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ORDER_ID = '33333333-3333-4333-8333-333333333333';
const ACCOUNT_PATH = `/order/${ORDER_ID}/refund-account`;

describe('RefundAccountPanel (a cash order’s refund, issue 25)', () => {
  it('says the shop pays by hand, checks the UPI ID, then saves it', async () => {
    const api = mockApi({
      [`GET ${ACCOUNT_PATH}`]: () => apiOk(null),
      [`PUT ${ACCOUNT_PATH}`]: () => apiOk({ kind: 'upi', upiId: 'asha@okaxis' }),
    });
    const { user } = renderWithRouter(<RefundAccountPanel orderId={ORDER_ID} />);

    expect(
      await screen.findByText(/the shop pays your refund into it by hand/),
    ).toBeInTheDocument();
    expect(screen.getByText(/emails you when it is paid/)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'UPI ID' }), 'asha@gmail.com');
    await user.click(screen.getByRole('button', { name: 'Save refund details' }));
    expect(await screen.findByText(UPI_ID_MESSAGE)).toBeInTheDocument();
    expect(api.requests.filter((request) => request.method === 'PUT')).toEqual([]);

    await user.clear(screen.getByRole('textbox', { name: 'UPI ID' }));
    await user.type(screen.getByRole('textbox', { name: 'UPI ID' }), 'Asha@OKAXIS');
    await user.click(screen.getByRole('button', { name: 'Save refund details' }));
    expect(
      await screen.findByText('We will pay your refund to UPI ID asha@okaxis.'),
    ).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      kind: 'upi',
      upiId: 'asha@okaxis',
    });
  });

  it('takes a bank account, checking the IFSC, and shows the server’s field errors', async () => {
    mockApi({
      [`GET ${ACCOUNT_PATH}`]: () => apiOk(null),
      [`PUT ${ACCOUNT_PATH}`]: () =>
        apiFail(400, 'Invalid', [{ field: 'accountHolder', message: 'Refused by the server' }]),
    });
    const { user } = renderWithRouter(<RefundAccountPanel orderId={ORDER_ID} />);
    await user.click(await screen.findByRole('radio', { name: 'Bank account' }));
    await user.type(screen.getByRole('textbox', { name: 'Account number' }), '50100123456789');
    await user.type(screen.getByRole('textbox', { name: 'IFSC' }), 'HDFC1001234');
    await user.type(screen.getByRole('textbox', { name: 'Account holder’s name' }), 'Asha Rao');
    await user.click(screen.getByRole('button', { name: 'Save refund details' }));
    expect(await screen.findByText(IFSC_MESSAGE)).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'IFSC' }));
    await user.type(screen.getByRole('textbox', { name: 'IFSC' }), 'hdfc0001234');
    await user.click(screen.getByRole('button', { name: 'Save refund details' }));
    expect(await screen.findByText('Refused by the server')).toBeInTheDocument();
  });

  it('shows the account given, by its last 4 digits, with Change', async () => {
    mockApi({
      [`GET ${ACCOUNT_PATH}`]: () =>
        apiOk({
          kind: 'bank',
          accountLast4: '6789',
          ifsc: 'HDFC0001234',
          accountHolder: 'Asha Rao',
        }),
    });
    const { user } = renderWithRouter(<RefundAccountPanel orderId={ORDER_ID} />);
    expect(
      await screen.findByText(
        'We will pay your refund to bank account ending 6789 (HDFC0001234, Asha Rao).',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(screen.getByRole('form', { name: 'Refund details' })).toBeInTheDocument();
  });
});
