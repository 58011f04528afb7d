import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '#contract';
import { renderWithRouter } from '#web/testing/render.tsx';
import { useProfile } from '../api/get-profile.ts';
import { ProfileDetails } from './profile-details.tsx';

const USER: Profile = {
  _id: 'user-1',
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '',
  role: 'shopper',
  pendingEmail: null,
};

/** The profile as the page shows it: from the cache the Edit modal updates. */
function Harness() {
  const profile = useProfile();
  return profile.data ? <ProfileDetails user={profile.data} /> : null;
}

const updateCalls = () =>
  vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === 'PATCH');

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (_input, init) => {
      if (init?.method !== 'PATCH') return Response.json({ success: true, result: USER });
      const { email, currentPassword, ...body } = JSON.parse(String(init?.body)) as Partial<
        Profile & { currentPassword: string }
      >;
      // A new email waits for its link (issue 23): the server answers it as pending.
      const pendingEmail = email === USER.email ? null : (email ?? null);
      return Response.json({ success: true, result: { ...USER, ...body, pendingEmail } });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openEditor() {
  const rendered = renderWithRouter(<Harness />);
  await rendered.user.click(await screen.findByRole('button', { name: 'Edit profile' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit profile' });
  return { ...rendered, dialog: within(dialog) };
}

describe('ProfileDetails', () => {
  it('shows the name, email and phone (or that none was added)', async () => {
    renderWithRouter(<Harness />);
    expect(await screen.findByText('Asha Rao')).toBeInTheDocument();
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();
    expect(screen.getByText('Not added')).toBeInTheDocument();
  });

  it('opens the Edit modal filled in, with the name focused', async () => {
    const { dialog } = await openEditor();
    expect(dialog.getByLabelText('Name')).toHaveValue('Asha Rao');
    expect(dialog.getByLabelText('Email')).toHaveValue('asha@example.com');
    expect(dialog.getByLabelText('Phone')).toHaveValue('');
    expect(dialog.getByLabelText('Name')).toHaveFocus();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it("checks the fields with the contract's messages before calling the server", async () => {
    const { user, dialog } = await openEditor();
    await user.clear(dialog.getByLabelText('Name'));
    await user.clear(dialog.getByLabelText('Email'));
    await user.type(dialog.getByLabelText('Phone'), 'call me');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText('Name is required')).toBeInTheDocument();
    expect(dialog.getByText('Email is required')).toBeInTheDocument();
    expect(
      dialog.getByText('Phone Number may contain digits, spaces, +, - and brackets only'),
    ).toBeInTheDocument();
    expect(dialog.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

    await user.type(dialog.getByLabelText('Email'), 'not-an-email');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Invalid Email format')).toBeInTheDocument();
    expect(updateCalls()).toEqual([]);
  });

  it('shows a taken email under the email field', async () => {
    const taken = 'An account with this email already exists';
    const { user, dialog } = await openEditor();
    vi.mocked(fetch).mockResolvedValue(
      Response.json(
        { success: false, message: taken, errors: [{ field: 'email', message: taken }] },
        { status: 409 },
      ),
    );
    await user.clear(dialog.getByLabelText('Email'));
    await user.type(dialog.getByLabelText('Email'), 'ravi@example.com');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText(taken)).toBeInTheDocument();
    expect(dialog.getByLabelText('Email')).toHaveAccessibleDescription(taken);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('saves, closes and shows the new details without loading the profile again', async () => {
    const { user, dialog } = await openEditor();
    await user.clear(dialog.getByLabelText('Name'));
    await user.type(dialog.getByLabelText('Name'), 'Asha R');
    await user.type(dialog.getByLabelText('Phone'), '98765 43210');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Asha R')).toBeInTheDocument();
    expect(screen.getByText('98765 43210')).toBeInTheDocument();
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
    const [url, init] = updateCalls()[0] ?? [];
    expect(url).toBe('/api/v1/user/profile/update');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Asha R',
      email: 'asha@example.com',
      phone: '98765 43210',
    });
  });

  it('asks for the current password for a new email, and shows it waiting for its link', async () => {
    const { user, dialog } = await openEditor();
    expect(dialog.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Email'));
    await user.type(dialog.getByLabelText('Email'), 'asha.new@example.com');
    await user.type(dialog.getByLabelText('Current password'), 'Sup3r$ecret');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await screen.findByText(
        'We sent a confirmation link to asha.new@example.com. Your email stays asha@example.com until you open it.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();
    expect(
      screen.getByText(/New email waiting for confirmation: asha.new@example.com/),
    ).toBeInTheDocument();
    const [, init] = updateCalls()[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({
      email: 'asha.new@example.com',
      currentPassword: 'Sup3r$ecret',
    });
  });

  it('closes on Cancel and on Escape, giving focus back to Edit', async () => {
    const { user, dialog } = await openEditor();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit profile' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Edit profile' })).toHaveFocus();
  });
});
