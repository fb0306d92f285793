import { hash, verify } from '@node-rs/argon2';

/** The library's `Algorithm.Argon2id`, a const enum that isolated modules cannot import. */
const ARGON2ID = 2;

/** argon2id with OWASP's minimum: 19 MiB of memory, 2 iterations, 1 lane. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check so that unknown accounts cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing-0');
  await verifyPassword(await dummyHash, password);
  return false;
}

let commonPasswords: Promise<Set<string>> | undefined;

/**
 * True for one of the 1,000 most common passwords (by rank in leaked-password lists), compared case-insensitively.
 * The list is the first 1,000 of zxcvbn-ts's common passwords (MIT), all lowercase; it is read only when first
 * needed, and the build compiles it into its own chunk.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= import('./common-passwords.json').then(({ default: list }) => new Set(list));
  return (await commonPasswords).has(password.toLowerCase());
}
