import { screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFail, apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { CONTACT_SUCCESS_MESSAGE, ContactForm } from './contact-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  toast.remove();
});

const field = (name: string) => screen.getByLabelText(name);
const send = () => screen.getByRole('button', { name: 'Send Message' });

describe('ContactForm', () => {
  it('shows the contract messages under each field and sends nothing', async () => {
    const api = mockApi({});
    const { user } = renderWithRouter(<ContactForm />);

    await user.click(send());

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(field('Email')).toHaveAccessibleDescription(/Email is required/);
    expect(field('Message')).toHaveAccessibleDescription(/Message is required/);

    await user.type(field('Email'), 'nope');
    expect(await screen.findByText('Invalid Email format')).toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });

  it('sends the message, says so and empties the form (D22)', async () => {
    const api = mockApi({ 'POST /contact': apiOk(null, 201) });
    const { user } = renderWithRouter(<ContactForm />);

    await user.type(field('Name'), 'Asha Rao');
    await user.type(field('Email'), 'asha@example.com');
    await user.type(field('Message'), 'Can you print on the sleeve?');
    await user.click(send());

    expect(await screen.findByText(CONTACT_SUCCESS_MESSAGE)).toBeInTheDocument();
    expect(CONTACT_SUCCESS_MESSAGE).toBe("Message sent! We'll get back to you soon.");
    expect(api.requests[0]?.body).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.com',
      message: 'Can you print on the sleeve?',
    });
    expect(field('Name')).toHaveValue('');
    expect(field('Email')).toHaveValue('');
    expect(field('Message')).toHaveValue('');
  });

  it('starts from a given message', () => {
    renderWithRouter(<ContactForm defaultMessage="I forgot my password." />);
    expect(field('Message')).toHaveValue('I forgot my password.');
  });

  it("keeps what was typed and shows the server's message when sending fails", async () => {
    mockApi({ 'POST /contact': apiFail(429, 'Too many requests. Please wait a moment.') });
    const { user } = renderWithRouter(<ContactForm />);

    await user.type(field('Name'), 'Asha Rao');
    await user.type(field('Email'), 'asha@example.com');
    await user.type(field('Message'), 'Hello');
    await user.click(send());

    expect(await screen.findByText('Too many requests. Please wait a moment.')).toBeInTheDocument();
    expect(field('Message')).toHaveValue('Hello');
  });
});
