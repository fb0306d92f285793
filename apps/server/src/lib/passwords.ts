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

/** How many of the most used passwords (by rank in leaked-password lists) are refused. */
const COMMON_PASSWORDS_REFUSED = 1_000;
let commonPasswords: Promise<Set<string>> | undefined;

/** True for one of the 1,000 most common passwords, compared case-insensitively. */
export async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED)),
  );
  return (await commonPasswords).has(password.toLowerCase());
}
