import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { ADDRESS_NEEDS_STATE_MESSAGE } from '#contract';
import { fillNewAddressForm } from '#web/testing/address-form.ts';
import { makeAddress } from '#web/testing/data.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { AddressManager } from './address-manager.tsx';

const home = makeAddress();
const office = makeAddress({ _id: 'a2', name: 'Ravi Kumar', city: 'Chennai', selected: false });

let fetchMock: Mock<typeof fetch>;
const ok = (result: unknown) => Response.json({ success: true, result });
const calls = () => fetchMock.mock.calls.map(([input, init]) => `${init?.method} ${input}`);

beforeEach(() => {
  localStorage.setItem('token', 'token-1');
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const call = `${init?.method} ${input}`;
    if (call === 'GET /api/v1/address/get') return ok([home, office]);
    if (call === 'PUT /api/v1/address/selecte/a2') return ok({ ...office, selected: true });
    if (call === 'PUT /api/v1/address/update/a1') {
      return ok({ ...home, ...JSON.parse(String(init?.body)) });
    }
    return Response.json({ success: false, message: 'Not expected' }, { status: 500 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AddressManager', () => {
  it('lists the saved addresses as choices and selects one on the server', async () => {
    const { user } = renderWithRouter(<AddressManager />);
    const group = await screen.findByRole('group', { name: 'Select A Delivery Address' });
    const asha = within(group).getByRole('radio', { name: /Asha Rao/ });
    const ravi = within(group).getByRole('radio', { name: /Ravi Kumar/ });
    expect(asha).toBeChecked();
    expect(asha).toHaveAccessibleName(/12 MG Road.*Bengaluru, Karnataka - 560001/);

    await user.click(ravi);
    expect(ravi).toBeChecked();
    expect(calls()).toContain('PUT /api/v1/address/selecte/a2');
  });

  it("checks the form with SPEC §5's messages", async () => {
    const { user } = renderWithRouter(<AddressManager />);
    await user.click(screen.getByRole('button', { name: 'Add Address' }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Address' }));

    for (const message of [
      'Name is required',
      'Phone Number is required',
      'Pincode is required',
      'City is required',
      'State is required',
      'Full Address is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
  });

  it('says why an address was not added: a toast and under the phone field', async () => {
    fetchMock.mockImplementation(async (input, init) =>
      `${init?.method} ${input}` === 'POST /api/v1/address/add'
        ? Response.json(
            {
              success: false,
              message: 'You can keep up to 50 addresses. Please delete one first.',
            },
            { status: 409 },
          )
        : ok([]),
    );
    const { user } = renderWithRouter(<AddressManager />);
    const form = await fillNewAddressForm(user);
    await user.click(screen.getByRole('button', { name: 'Save Address' }));

    const phone = within(form).getByLabelText('Phone Number');
    await waitFor(() => expect(phone).toHaveAccessibleDescription(/up to 50 addresses/));
    expect(screen.getAllByText(/You can keep up to 50 addresses/)).toHaveLength(2);
  });

  it('fills the form to edit an address, and closes it once the list changes', async () => {
    const { user } = renderWithRouter(<AddressManager />);
    await user.click(
      await screen.findByRole('button', { name: 'Edit address: Asha Rao, 12 MG Road' }),
    );
    const form = screen.getByRole('form', { name: 'Edit address' });
    expect(within(form).getByLabelText('City')).toHaveValue('Bengaluru');

    await user.clear(within(form).getByLabelText('City'));
    await user.type(within(form).getByLabelText('City'), 'Mysuru');
    await user.click(within(form).getByRole('button', { name: 'Update Address' }));

    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: /Asha Rao/ })).toHaveAccessibleName(/Mysuru/);
  });

  it("puts a refused delete back and says why, and the server's choice after a delete shows", async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const call = `${init?.method} ${input}`;
      if (call === 'GET /api/v1/address/get') return ok([home, office]);
      return Response.json({ success: false, message: 'Address not found' }, { status: 404 });
    });
    const { user } = renderWithRouter(<AddressManager />);
    await user.click(
      await screen.findByRole('button', { name: 'Delete address: Ravi Kumar, 12 MG Road' }),
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Address not found');
    expect(screen.getByRole('radio', { name: /Ravi Kumar/ })).toBeInTheDocument();
  });

  it('asks for the state of an address saved before states were chosen from the list (issue 26)', async () => {
    const old = makeAddress({ state: 'Bangalore', stateCode: null });
    fetchMock.mockImplementation(async (input, init) => {
      const call = `${init?.method} ${input}`;
      if (call === 'GET /api/v1/address/get') return ok([old]);
      if (call === 'PUT /api/v1/address/update/a1') {
        return ok({ ...old, ...JSON.parse(String(init?.body)), stateCode: '29' });
      }
      return Response.json({ success: false, message: 'Not expected' }, { status: 500 });
    });
    const { user } = renderWithRouter(<AddressManager />);
    expect(await screen.findByText(ADDRESS_NEEDS_STATE_MESSAGE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit address: Asha Rao, 12 MG Road' }));
    const form = screen.getByRole('form', { name: 'Edit address' });
    expect(within(form).getByLabelText('State')).toHaveValue('');
    await user.click(within(form).getByRole('button', { name: 'Update Address' }));
    expect(await within(form).findByText('State is required')).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('State'), 'Karnataka');
    await user.click(within(form).getByRole('button', { name: 'Update Address' }));
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(screen.queryByText(ADDRESS_NEEDS_STATE_MESSAGE)).not.toBeInTheDocument();
  });
});
