import { screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_MESSAGE, type Session } from '#contract';
import { apiFail, apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { SignUpForm } from './sign-up-form.tsx';

const session: Session = {
  token: 'token-1',
  expiresAt: '2026-12-01T10:00:00.000Z',
  user: { _id: 'u1', name: 'Asha Rao', email: 'asha@example.com', phone: '', role: 'shopper' },
};

afterEach(() => {
  vi.unstubAllGlobals();
  toast.remove();
});

function renderForm() {
  const onSignedUp = vi.fn();
  const view = renderWithRouter(<SignUpForm onSignedUp={onSignedUp} />);
  return { ...view, onSignedUp };
}

const field = (name: string) => screen.getByLabelText(name);
const submit = () => screen.getByRole('button', { name: 'Sign Up' });

describe('SignUpForm', () => {
  it("shows each field's own error under it (D6, D8)", async () => {
    const api = mockApi({});
    const { user } = renderForm();

    await user.click(submit());

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(field('Full Name')).toHaveAccessibleDescription(/Name is required/);
    expect(field('Email Address')).toHaveAccessibleDescription(/Email is required/);
    expect(field('Password')).toHaveAccessibleDescription(/Password is required/);
    expect(field('Confirm Password')).toHaveAccessibleDescription(/Confirm Password is required/);
    expect(api.requests).toEqual([]);
  });

  it('checks the email format, the password rule and that the passwords match', async () => {
    mockApi({});
    const { user } = renderForm();

    await user.type(field('Full Name'), 'Asha Rao');
    await user.type(field('Email Address'), 'not-an-email');
    await user.type(field('Password'), 'password');
    await user.type(field('Confirm Password'), 'password');
    await user.click(submit());

    expect(await screen.findByText('Invalid Email format')).toBeInTheDocument();
    expect(field('Password')).toHaveAccessibleDescription(PASSWORD_MESSAGE);

    await user.clear(field('Email Address'));
    await user.type(field('Email Address'), 'asha@example.com');
    await user.clear(field('Password'));
    await user.type(field('Password'), 'Secret#123');
    await user.clear(field('Confirm Password'));
    await user.type(field('Confirm Password'), 'Secret#124');
    await user.click(submit());

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(field('Confirm Password')).toHaveAccessibleDescription(/Passwords do not match/);
  });

  it('signs up and hands the session on', async () => {
    const api = mockApi({ 'POST /auth/signup': apiOk(session, 201) });
    const { user, onSignedUp } = renderForm();

    await user.type(field('Full Name'), 'Asha Rao');
    await user.type(field('Email Address'), 'asha@example.com');
    await user.type(field('Password'), 'Secret#123');
    await user.type(field('Confirm Password'), 'Secret#123');
    await user.click(submit());

    await vi.waitFor(() => expect(onSignedUp).toHaveBeenCalledWith(session));
    expect(api.requests[0]?.body).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.com',
      password: 'Secret#123',
      confirmPassword: 'Secret#123',
    });
  });

  it("puts the server's field error under its field and in a toast (409 email taken)", async () => {
    const taken = 'An account with this email already exists';
    mockApi({ 'POST /auth/signup': apiFail(409, taken, [{ field: 'email', message: taken }]) });
    const { user, onSignedUp } = renderForm();

    await user.type(field('Full Name'), 'Asha Rao');
    await user.type(field('Email Address'), 'asha@example.com');
    await user.type(field('Password'), 'Secret#123');
    await user.type(field('Confirm Password'), 'Secret#123');
    await user.click(submit());

    await vi.waitFor(() =>
      expect(field('Email Address')).toHaveAccessibleDescription(new RegExp(taken)),
    );
    expect(field('Email Address')).toHaveFocus();
    expect(await screen.findByRole('status')).toHaveTextContent(taken);
    expect(onSignedUp).not.toHaveBeenCalled();
  });
});
