import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STOCK_ALERT_LINK_INVALID } from '#contract';
import { apiFail, apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { ConfirmStockAlertRoute } from './confirm-stock-alert.tsx';

const CONFIRM = 'POST /stock-alerts/confirm';

describe('/stock-alerts/confirm (the mailed link of a back-in-stock request)', () => {
  it('confirms with the token of the link on a click, not on load', async () => {
    const { requests } = mockApi({
      [CONFIRM]: apiOk({
        productId: 'tee-1',
        size: 'L',
        email: 'meera@example.com',
        status: 'active',
      }),
    });
    const { user } = renderWithRouter(<ConfirmStockAlertRoute />, {
      path: '/stock-alerts/confirm?token=abc-123',
    });
    expect(requests).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Yes, tell me when it is back' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Confirmed: we will email meera@example.com once when size L is back.',
    );
    expect(requests.map((request) => request.body)).toEqual([{ token: 'abc-123' }]);
    expect(screen.getByRole('link', { name: 'Back to the product' })).toHaveAttribute(
      'href',
      '/product/tee-1',
    );
  });

  it('says so when the link has expired or was used', async () => {
    mockApi({
      [CONFIRM]: apiFail(400, STOCK_ALERT_LINK_INVALID, [
        { field: 'token', message: STOCK_ALERT_LINK_INVALID },
      ]),
    });
    const { user } = renderWithRouter(<ConfirmStockAlertRoute />, {
      path: '/stock-alerts/confirm?token=used',
    });
    await user.click(screen.getByRole('button', { name: 'Yes, tell me when it is back' }));
    expect(await screen.findByText(STOCK_ALERT_LINK_INVALID)).toBeInTheDocument();
  });
});
