import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { Address } from '#contract';
import { makeAddress } from './data.ts';

/** Opens 'Add Address' and types the address into the new-address form, unsent; answers the form. */
export async function fillNewAddressForm(user: UserEvent, address: Address = makeAddress()) {
  await user.click(screen.getByRole('button', { name: 'Add Address' }));
  const form = screen.getByRole('form', { name: 'New address' });
  const fields: [label: string, value: string][] = [
    ['Name', address.name],
    ['Phone Number', address.phone],
    ['Pincode', address.pincode],
    ['City', address.city],
    ['Full Address', address.fullAddress],
  ];
  for (const [label, value] of fields) await user.type(within(form).getByLabelText(label), value);
  // The state is chosen from GST's list (issue 26).
  await user.selectOptions(within(form).getByLabelText('State'), address.state);
  return form;
}
