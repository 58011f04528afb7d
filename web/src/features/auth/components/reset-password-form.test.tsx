import { screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FORGOT_PASSWORD_ANSWER,
  PASSWORD_MESSAGE,
  RESET_LINK_INVALID,
  type Session,
} from '#contract';
import { apiFail, apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

const session: Session = {
  token: 'fresh-token',
  expiresAt: '2026-12-01T10:00:00.000Z',
  user: { _id: 'u1', name: 'Asha', email: 'asha@example.com', phone: '', role: 'shopper' },
};

afterEach(() => {
  vi.unstubAllGlobals();
  toast.remove();
});

const newPassword = () => screen.getByLabelText('New password');
const confirm = () => screen.getByLabelText('Confirm new password');
const submit = () => screen.getByRole('button', { name: 'Set new password' });

describe('ResetPasswordForm', () => {
  it('sends the link’s token with the new password and hands over the fresh session', async () => {
    const api = mockApi({ 'POST /auth/reset-password': apiOk(session) });
    const onReset = vi.fn();
    const { user } = renderWithRouter(<ResetPasswordForm token="tok-1" onReset={onReset} />);
    await user.type(newPassword(), 'N3w$ecret!');
    await user.type(confirm(), 'N3w$ecret!');
    await user.click(submit());
    await vi.waitFor(() => expect(onReset).toHaveBeenCalledWith(session));
    expect(api.requests[0]?.body).toEqual({
      token: 'tok-1',
      password: 'N3w$ecret!',
      confirmPassword: 'N3w$ecret!',
    });
  });

  it('checks the D7 rule and the confirmation before sending anything', async () => {
    const api = mockApi({});
    const { user } = renderWithRouter(<ResetPasswordForm token="tok-1" onReset={vi.fn()} />);
    await user.type(newPassword(), 'weak');
    await user.type(confirm(), 'other');
    await user.click(submit());
    expect(await screen.findByText(PASSWORD_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });

  it('says an expired or used link is dead, with a link to ask for a new one', async () => {
    mockApi({
      'POST /auth/reset-password': apiFail(400, RESET_LINK_INVALID, [
        { field: 'token', message: RESET_LINK_INVALID },
      ]),
    });
    const onReset = vi.fn();
    const { user } = renderWithRouter(<ResetPasswordForm token="old" onReset={onReset} />);
    await user.type(newPassword(), 'N3w$ecret!');
    await user.type(confirm(), 'N3w$ecret!');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(RESET_LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(onReset).not.toHaveBeenCalled();
  });

  it('shows the dead end at once for a link without a token', () => {
    renderWithRouter(<ResetPasswordForm token="" onReset={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent(RESET_LINK_INVALID);
  });
});

describe('ForgotPasswordForm', () => {
  it('shows the server’s answer, the same for every email', async () => {
    const api = mockApi({
      'POST /auth/forgot-password': apiOk({ message: FORGOT_PASSWORD_ANSWER }),
    });
    const { user } = renderWithRouter(<ForgotPasswordForm />);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'Asha@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(FORGOT_PASSWORD_ANSWER);
    expect(api.requests[0]?.body).toEqual({ email: 'asha@example.com' });
  });
});
