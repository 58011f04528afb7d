import { screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_MESSAGE, type Session } from '#contract';
import { apiFail, apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { LoginForm } from './login-form.tsx';

const session: Session = {
  token: 'token-1',
  expiresAt: '2026-12-01T10:00:00.000Z',
  user: { _id: 'u1', name: 'Asha', email: 'asha@example.com', phone: '', role: 'shopper' },
};

afterEach(() => {
  vi.unstubAllGlobals();
  toast.remove();
});

function renderForm() {
  const onSignedIn = vi.fn();
  const view = renderWithRouter(<LoginForm onSignedIn={onSignedIn} />);
  return { ...view, onSignedIn };
}

const email = () => screen.getByRole('textbox', { name: 'Email' });
const password = () => screen.getByLabelText('Password');
const signIn = () => screen.getByRole('button', { name: 'Sign In' });

describe('LoginForm', () => {
  it('says what is missing under each field, and sends nothing', async () => {
    const api = mockApi({});
    const { user, onSignedIn } = renderForm();

    await user.click(signIn());

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveAccessibleDescription(/Email is required/);
    expect(email()).toHaveFocus();
    expect(api.requests).toEqual([]);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('checks the email format and the password rule (D7 wording)', async () => {
    mockApi({});
    const { user } = renderForm();

    await user.type(email(), 'asha@');
    await user.type(password(), 'short');
    await user.click(signIn());

    expect(await screen.findByText('Invalid Email format')).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_MESSAGE)).toBeInTheDocument();
  });

  it('signs in with remeberMe (D1) and hands the session on', async () => {
    const api = mockApi({ 'POST /auth/login': apiOk(session) });
    const { user, onSignedIn } = renderForm();

    await user.type(email(), 'Asha@Example.com');
    await user.type(password(), 'Secret#123');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(signIn());

    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(session));
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]?.body).toEqual({
      email: 'asha@example.com',
      password: 'Secret#123',
      remeberMe: true,
    });
  });

  it("shows the server's message in a toast when sign-in fails, and stays", async () => {
    mockApi({ 'POST /auth/login': apiFail(401, 'Invalid email or password') });
    const { user, onSignedIn } = renderForm();

    await user.type(email(), 'asha@example.com');
    await user.type(password(), 'Wrong#1234');
    await user.click(signIn());

    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(signIn()).toBeEnabled();
  });

  it('links Forgot password? to the reset by email (D29)', () => {
    renderForm();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('shows and hides the password', async () => {
    const { user } = renderForm();
    expect(password()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password()).toHaveAttribute('type', 'password');
  });
});
