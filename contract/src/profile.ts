import { z } from 'zod';
import { UserSchema } from './auth.ts';
import { defineEndpoint } from './endpoint.ts';
import { EmailSchema, NameSchema, PhoneSchema } from './fields.ts';

export const UpdateProfileBodySchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  /** Empty clears it. */
  phone: PhoneSchema.optional().default(''),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

export const getProfile = defineEndpoint({
  name: 'getProfile',
  method: 'GET',
  path: '/user/profile',
  tag: 'profile',
  summary: "The signed-in shopper's name, email and phone",
  auth: 'user',
  result: UserSchema,
});

export const updateProfile = defineEndpoint({
  name: 'updateProfile',
  method: 'PATCH',
  path: '/user/profile/update',
  tag: 'profile',
  summary: 'Change name, email or phone; emails stay unique',
  auth: 'user',
  body: UpdateProfileBodySchema,
  result: UserSchema,
});
