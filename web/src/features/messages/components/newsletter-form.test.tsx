import { screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFail, apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { NEWSLETTER_SUBSCRIBED_MESSAGE, NewsletterForm } from './newsletter-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  toast.remove();
});

const email = () => screen.getByRole('textbox', { name: 'Newsletter email' });

describe('NewsletterForm', () => {
  it('needs a valid email and says so under the box', async () => {
    const api = mockApi({});
    const { user } = renderWithRouter(<NewsletterForm />);

    expect(email()).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    // The rule loads when the shopper reaches for the form, so the first check may wait for it.
    await vi.waitFor(() => expect(email()).toHaveAccessibleDescription(/Email is required/));

    await user.type(email(), 'asha@');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(email()).toHaveAccessibleDescription(/Invalid Email format/);
    expect(api.requests).toEqual([]);
  });

  it('subscribes, thanks the shopper and empties the box (D22)', async () => {
    const api = mockApi({ 'POST /newsletter': apiOk(null, 201) });
    const { user } = renderWithRouter(<NewsletterForm tone="dark" />);

    await user.type(email(), 'asha@example.com{Enter}');

    expect(await screen.findByText(NEWSLETTER_SUBSCRIBED_MESSAGE)).toBeInTheDocument();
    expect(api.requests[0]?.body).toEqual({ email: 'asha@example.com' });
    expect(email()).toHaveValue('');
  });

  it("shows the server's complaint about the email under the box, and keeps what was typed", async () => {
    mockApi({
      'POST /newsletter': apiFail(400, 'Validation failed', [
        { field: 'email', message: 'That address cannot receive mail' },
      ]),
    });
    const { user } = renderWithRouter(<NewsletterForm />);

    await user.type(email(), 'asha@example.com{Enter}');

    await vi.waitFor(() =>
      expect(email()).toHaveAccessibleDescription(/That address cannot receive mail/),
    );
    expect(email()).toHaveValue('asha@example.com');
    expect(email()).toHaveFocus();
  });
});
