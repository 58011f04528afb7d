import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STOCK_ALERT_CHECK_INBOX, STOCK_ALERT_EMAIL_REQUIRED } from '#contract';
import { setAuthToken } from '#web/lib/auth-token.ts';
import { apiFail, apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { NotifyMe } from './notify-me.tsx';

const product = { _id: 'tee-1', sizes: { S: 0, M: 4, L: 0 } };
const ALERTS = 'POST /product/tee-1/stock-alerts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const region = () => within(screen.getByRole('region', { name: 'Sold out in your size?' }));

describe("NotifyMe ('Notify me' on a sold-out size, D33)", () => {
  it('offers only the sold-out sizes; a guest gives an email and is asked to confirm it', async () => {
    const { requests } = mockApi({
      [ALERTS]: apiOk(
        { productId: 'tee-1', size: 'L', email: 'meera@example.com', status: 'pending' },
        201,
      ),
    });
    const { user } = renderWithRouter(<NotifyMe product={product} />);

    const size = region().getByRole('combobox', { name: 'Size' });
    expect(
      within(size)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['S', 'L']);
    await user.selectOptions(size, 'L');
    await user.type(region().getByRole('textbox', { name: 'Email' }), 'meera@example.com');
    await user.click(region().getByRole('button', { name: 'Notify me' }));

    expect(await region().findByRole('status')).toHaveTextContent(
      `${STOCK_ALERT_CHECK_INBOX} We sent the link to meera@example.com.`,
    );
    expect(requests.map((request) => request.body)).toEqual([
      { size: 'L', email: 'meera@example.com' },
    ]);
  });

  it("shows the server's word on the email field", async () => {
    mockApi({
      [ALERTS]: apiFail(400, 'Invalid request', [
        { field: 'email', message: STOCK_ALERT_EMAIL_REQUIRED },
      ]),
    });
    const { user } = renderWithRouter(<NotifyMe product={product} />);

    await user.click(region().getByRole('button', { name: 'Notify me' }));

    expect(await region().findByText(STOCK_ALERT_EMAIL_REQUIRED)).toBeInTheDocument();
    expect(region().queryByRole('status')).not.toBeInTheDocument();
  });

  it("asks a signed-in shopper for no email: the account's is used", async () => {
    setAuthToken('token-1');
    const { requests } = mockApi({
      [ALERTS]: apiOk(
        { productId: 'tee-1', size: 'S', email: 'asha@example.com', status: 'active' },
        201,
      ),
    });
    const { user } = renderWithRouter(<NotifyMe product={product} />);

    expect(region().queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
    await user.click(region().getByRole('button', { name: 'Notify me' }));

    expect(await region().findByRole('status')).toHaveTextContent(
      'We will email asha@example.com once when size S is back.',
    );
    expect(requests[0]?.body).toEqual({ size: 'S' });
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('is not there when every size is in stock', () => {
    mockApi({});
    renderWithRouter(<NotifyMe product={{ _id: 'tee-1', sizes: { S: 1, M: 4 } }} />);
    expect(
      screen.queryByRole('region', { name: 'Sold out in your size?' }),
    ).not.toBeInTheDocument();
  });
});
