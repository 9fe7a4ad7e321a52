import {
  requestPasswordResetSchema,
  resetPasswordFormSchema,
  signInRequestSchema,
  signUpRequestSchema,
} from '@crucible/proto';
import { describe, expect, it } from 'vitest';
import type { FormSchema } from '../../../lib/use-zod-form.ts';
import { requestPasswordResetChecks, resetPasswordFormChecks, signInChecks, signUpChecks } from './auth-form-checks.ts';

const EMAILS = [
  'ada@example.com',
  '  Ada.Lovelace+crucible@Example.CO.uk ',
  'ada-at-example',
  'ada@example',
  '.ada@example.com',
  'ada..l@example.com',
  "o'brien@example.ie",
  'ada@-example.com',
  '',
  `${'a'.repeat(245)}@example.com`,
  `${'a'.repeat(240)}@example.com`,
];
const PASSWORDS = ['', 'x', 'short', 'correct horse', '1234567', '12345678', 'p'.repeat(128), 'p'.repeat(129)];
const NAMES = ['Ada', '  Ada  ', '', '   ', 'é'.repeat(100), 'n'.repeat(101)];

/** What the form shows: the first message per field, or the values it sends. */
function answer(schema: FormSchema<unknown>, input: Record<string, string>) {
  const result = schema.safeParse(input);
  if (result.success) return { sends: result.data };
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) messages[String(issue.path[0])] ??= issue.message;
  return { shows: messages };
}

describe("the signed-out forms' checks give proto's schema answers", () => {
  it('for sign-in', () => {
    for (const email of EMAILS)
      for (const password of PASSWORDS)
        expect(answer(signInChecks, { email, password })).toEqual(answer(signInRequestSchema, { email, password }));
  });

  it('for sign-up', () => {
    for (const email of EMAILS)
      for (const password of PASSWORDS)
        for (const name of NAMES) {
          const input = { email, password, firstName: name, lastName: [...name].reverse().join('') };
          expect(answer(signUpChecks, input)).toEqual(answer(signUpRequestSchema, input));
        }
  });

  it('for the reset request', () => {
    for (const email of EMAILS)
      expect(answer(requestPasswordResetChecks, { email })).toEqual(answer(requestPasswordResetSchema, { email }));
  });

  it('for the new password and its confirmation', () => {
    for (const password of PASSWORDS)
      for (const confirmPassword of [...PASSWORDS, `${password} `]) {
        const input = { password, confirmPassword };
        expect(answer(resetPasswordFormChecks, input)).toEqual(answer(resetPasswordFormSchema, input));
      }
  });
});
