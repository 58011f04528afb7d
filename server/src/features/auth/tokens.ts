import { createHash, randomBytes } from 'node:crypto';

/** Tokens (sessions, emailed links) are random and opaque; only their hash is stored. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 32 random bytes, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');
