import { describe, expect, it } from 'vitest';
import { createPasswords } from './passwords.ts';

describe('passwords', () => {
  it('hash with argon2id at OWASP parameters: 19 MiB, 2 passes, 1 lane (D14)', async () => {
    const passwords = createPasswords('owasp');
    const hash = await passwords.hashPassword('Corr3ct$horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await passwords.verifyPassword(hash, 'Corr3ct$horse')).toBe(true);
    expect(await passwords.verifyPassword(hash, 'Corr3ct$horsE')).toBe(false);
  });

  it('verify a hash whatever cost made it, and refuse a malformed one', async () => {
    const cheap = createPasswords('test');
    const owasp = createPasswords('owasp');
    const hash = await cheap.hashPassword('Corr3ct$horse');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await owasp.verifyPassword(hash, 'Corr3ct$horse')).toBe(true);
    expect(await owasp.verifyPassword('not a hash', 'Corr3ct$horse')).toBe(false);
  });
});
