import { onFirstUse } from '#server/lib/on-first-use.ts';

const loadArgon2 = onFirstUse(() => import('@node-rs/argon2'));

/** How much an argon2id hash costs; a hash records its own parameters, so either verifies. */
export const PASSWORD_HASH_COSTS = {
  /** OWASP's parameters: 19 MiB, 2 passes, 1 lane (D14). The only cost a shop may run with. */
  owasp: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  /** The same algorithm at a sliver of the cost, so test suites that sign up thousands of shoppers stay fast. The config refuses it outside NODE_ENV=test. */
  test: { memoryCost: 256, timeCost: 1, parallelism: 1 },
} as const;

export type PasswordHashCost = keyof typeof PASSWORD_HASH_COSTS;

/** Hashing and checking passwords at one cost. */
export function createPasswords(cost: PasswordHashCost) {
  const options = PASSWORD_HASH_COSTS[cost];
  const hashPassword = async (password: string): Promise<string> =>
    (await loadArgon2()).hash(password, options);

  async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
    const { verify } = await loadArgon2();
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }

  let decoyHash: Promise<string> | undefined;

  return {
    hashPassword,
    verifyPassword,
    /**
     * Spends the same time as a real check, so a sign-in with an unknown email
     * answers no faster than one with a wrong password.
     */
    async verifyDecoy(password: string): Promise<void> {
      decoyHash ??= hashPassword('decoy password that matches nothing');
      await verifyPassword(await decoyHash, password);
    },
  };
}

export type Passwords = ReturnType<typeof createPasswords>;
