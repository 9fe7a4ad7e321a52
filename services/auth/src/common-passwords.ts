import { dictionary } from '@zxcvbn-ts/language-common';

let commonPasswords: Set<string> | undefined;

/**
 * Whether a password is on zxcvbn's list of about 49,000 passwords seen most often in breaches
 * (bundled with the package, so no network call). Case is ignored: `Password1` is as guessable as
 * `password1`. The set is built on first use, so a service that never takes a new password pays nothing.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords.has(password.trim().toLowerCase());
}
