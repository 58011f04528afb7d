import { createHash, randomBytes } from 'node:crypto';

/** A token for a session or a mailed link: 32 random bytes, opaque, safe in a URL. */
export const newToken = () => randomBytes(32).toString('base64url');

/** What is stored of a token: its SHA-256, so a copy of the database opens nothing. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
