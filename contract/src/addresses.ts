import { z } from 'zod';
import { IdParamsSchema, IdSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { PhoneSchema, requiredText } from './fields.ts';

export const AddressBodySchema = z.object({
  name: requiredText('Name', 100),
  // PhoneSchema lets an empty phone through (profiles may clear it); an address needs digits.
  phone: PhoneSchema.pipe(z.string().regex(/\d/, 'Phone Number is required')),
  pincode: requiredText('Pincode', 10),
  city: requiredText('City', 80),
  state: requiredText('State', 80),
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
  fullAddress: z.string(),
  selected: z.boolean(),
});
export type Address = z.infer<typeof AddressSchema>;

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
