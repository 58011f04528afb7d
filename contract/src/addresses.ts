import { z } from 'zod';
import { IdParamsSchema, IdSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { PhoneSchema, requiredText } from './fields.ts';
import { gstStateByCode, gstStateByName } from './gst.ts';

/** Why an address's state is refused: it must be one of GST's list (issue 26). */
export const ADDRESS_STATE_MESSAGE = "State must be one of India's states and union territories";
/** What checkout says of a delivery address saved before states were chosen from the list. */
export const ADDRESS_NEEDS_STATE_MESSAGE =
  'Choose the state of this address: it decides the tax on your order';

/** An Indian PIN code: six digits, the first never 0. */
const PINCODE_PATTERN = /^[1-9]\d{5}$/;
export const PINCODE_MESSAGE = 'Pincode must be 6 digits, as 560001';

/**
 * The state of an address, chosen from GST's list (issue 26): its GST state
 * code ('29') or its name in any case ('karnataka', 'Orissa'), answered as
 * the list writes the name ('Karnataka').
 */
export const AddressStateSchema = requiredText('State', 80)
  .transform((state) => (gstStateByCode(state) ?? gstStateByName(state))?.name ?? state)
  .refine((state) => gstStateByName(state) !== undefined, ADDRESS_STATE_MESSAGE);

export const AddressBodySchema = z.object({
  name: requiredText('Name', 100),
  // PhoneSchema lets an empty phone through (profiles may clear it); an address needs digits.
  phone: PhoneSchema.pipe(z.string().regex(/\d/, 'Phone Number is required')),
  pincode: requiredText('Pincode', 6).pipe(z.string().regex(PINCODE_PATTERN, PINCODE_MESSAGE)),
  city: requiredText('City', 80),
  state: AddressStateSchema,
  fullAddress: requiredText('Full Address', 300, { multiLine: true }),
});
export type AddressBody = z.infer<typeof AddressBodySchema>;

export const AddressSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  phone: z.string(),
  pincode: z.string(),
  city: z.string(),
  state: z.string(),
  /**
   * The state's GST code (issue 26); null for an address saved before states
   * were chosen from the list whose state matches none: checkout asks for it.
   */
  stateCode: z.string().nullable(),
  fullAddress: z.string(),
  selected: z.boolean(),
});
export type Address = z.infer<typeof AddressSchema>;

/** A delivery address as an order keeps it: as it was typed then, checked or not. */
export const OrderAddressSchema = z.object({
  name: z.string(),
  phone: z.string(),
  pincode: z.string(),
  city: z.string(),
  state: z.string(),
  fullAddress: z.string(),
});

export const listAddresses = defineEndpoint({
  name: 'listAddresses',
  method: 'GET',
  path: '/address/get',
  tag: 'addresses',
  summary: "The signed-in shopper's delivery addresses, oldest first",
  auth: 'user',
  result: z.array(AddressSchema),
});

export const addAddress = defineEndpoint({
  name: 'addAddress',
  method: 'POST',
  path: '/address/add',
  tag: 'addresses',
  summary: 'Add a delivery address; the first one is selected',
  auth: 'user',
  body: AddressBodySchema,
  result: AddressSchema,
});

export const updateAddress = defineEndpoint({
  name: 'updateAddress',
  method: 'PUT',
  path: '/address/update/:id',
  tag: 'addresses',
  summary: 'Change a delivery address',
  auth: 'user',
  params: IdParamsSchema,
  body: AddressBodySchema,
  result: AddressSchema,
});

/** D1: the path keeps the spec's spelling. */
export const selectAddress = defineEndpoint({
  name: 'selectAddress',
  method: 'PUT',
  path: '/address/selecte/:id',
  tag: 'addresses',
  summary: 'Make this the delivery address (exactly one is selected)',
  auth: 'user',
  params: IdParamsSchema,
  result: AddressSchema,
});

export const deleteAddress = defineEndpoint({
  name: 'deleteAddress',
  method: 'DELETE',
  path: '/address/delete/:id',
  tag: 'addresses',
  summary: 'Delete a delivery address; deleting the selected one selects another',
  auth: 'user',
  params: IdParamsSchema,
  result: z.null(),
});
