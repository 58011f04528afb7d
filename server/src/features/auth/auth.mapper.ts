import type { Session, User } from '#contract';
import type { UserRow } from './auth.repository.ts';

export const toUser = (row: UserRow): User => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  role: row.role,
});

export const toSession = (token: string, expiresAt: Date, row: UserRow): Session => ({
  token,
  expiresAt: expiresAt.toISOString(),
  user: toUser(row),
});
