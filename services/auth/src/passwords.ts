import { hash, verify } from '@node-rs/argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Constant-ish time: an unknown account is checked against a dummy hash so timing does not tell. */
  verify(passwordHash: string | null | undefined, password: string): Promise<boolean>;
}

export function createPasswordHasher(cost: { memoryKib: number; iterations: number }): PasswordHasher {
  // Argon2id is the library's default algorithm; parallelism 1 as OWASP recommends.
  const options = { memoryCost: cost.memoryKib, timeCost: cost.iterations, parallelism: 1 };
  const dummyHash = hash('not-a-real-password', options);
  return {
    hash: (password) => hash(password, options),
    async verify(passwordHash, password) {
      if (!passwordHash) {
        await verify(await dummyHash, password).catch(() => false);
        return false;
      }
      return verify(passwordHash, password).catch(() => false);
    },
  };
}
