/**
 * Password hashing: Argon2id with the OWASP parameters (m = 19 MiB, t = 2, p = 1), PHC strings in
 * `customers.password_hash`. A login for an unknown e-mail still verifies against a fixed dummy hash,
 * so the answer time does not tell whether the e-mail is registered.
 */
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/** @node-rs/argon2's `Algorithm.Argon2id` (a const enum, not importable under isolatedModules) */
const ARGON2ID = 2 as Algorithm;

export const ARGON2_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummy: Promise<string> | undefined;

/** true when `password` matches `passwordHash`; with no hash (unknown account) spends the same time and answers false */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummy ??= hashPassword('vitrina-dummy-password-for-timing');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
