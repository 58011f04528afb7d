import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_DISCOUNT_PERCENT, NEWSLETTER_LINK_INVALID } from '#contract';
import { apiFail, apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { ConfirmNewsletterRoute } from './confirm-newsletter.tsx';

const CONFIRM = 'POST /newsletter/confirm';

describe('/newsletter/confirm (the mailed link of a subscription)', () => {
  it('confirms with the token of the link on a click, not on load, and says the code is mailed', async () => {
    const { requests } = mockApi({ [CONFIRM]: apiOk(null) });
    const { user } = renderWithRouter(<ConfirmNewsletterRoute />, {
      path: '/newsletter/confirm?token=abc-123',
    });
    expect(requests).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Yes, subscribe me' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      `Subscribed. Your code for ${NEWSLETTER_DISCOUNT_PERCENT}% off one order is on its way to your inbox.`,
    );
    expect(requests.map((request) => request.body)).toEqual([{ token: 'abc-123' }]);
  });

  it('says so when the link has expired or was used', async () => {
    mockApi({
      [CONFIRM]: apiFail(400, NEWSLETTER_LINK_INVALID, [
        { field: 'token', message: NEWSLETTER_LINK_INVALID },
      ]),
    });
    const { user } = renderWithRouter(<ConfirmNewsletterRoute />, {
      path: '/newsletter/confirm?token=used',
    });
    await user.click(screen.getByRole('button', { name: 'Yes, subscribe me' }));
    expect(await screen.findByText(NEWSLETTER_LINK_INVALID)).toBeInTheDocument();
  });
});
