import {
  AUTH_MESSAGES,
  EMAIL_PATTERN,
  LIMITS,
  type RequestPasswordReset,
  type SignInRequest,
  type SignUpRequest,
} from '@crucible/proto';
import type { FormSchema } from '../../../lib/use-zod-form.ts';

/**
 * The signed-out forms' checks, written without zod so the sign-in page loads without it (its
 * weight budget): the same rules and the same AUTH_MESSAGES texts as proto's schemas, which the auth service
 * still applies to every request. auth-form-checks.test.ts holds the two to the same answers.
 */

/** The field's value as it is sent, or the first message the schema would give. */
type FieldCheck = (text: string) => { value: string } | { message: string };

const accept = (value: string) => ({ value });
const refuse = (message: string) => ({ message });

const email: FieldCheck = (text) => {
  const address = text.trim().toLowerCase();
  return address.length <= LIMITS.email.max && EMAIL_PATTERN.test(address)
    ? accept(address)
    : refuse(AUTH_MESSAGES.invalidEmail);
};

const name =
  (requiredMessage: string): FieldCheck =>
  (text) => {
    const trimmed = text.trim();
    if (trimmed === '') return refuse(requiredMessage);
    return trimmed.length > LIMITS.name.max ? refuse(AUTH_MESSAGES.nameTooLong) : accept(trimmed);
  };

const password =
  (minLength: number, tooShortMessage: string): FieldCheck =>
  (text) => {
    if (text.length < minLength) return refuse(tooShortMessage);
    return text.length > LIMITS.password.max ? refuse(AUTH_MESSAGES.passwordTooLong) : accept(text);
  };

const anyText: FieldCheck = accept;

/** Runs each field's check, then the whole-form rule (which sees the raw texts, like a zod refine). */
function formChecks<Parsed extends Record<string, string>>(
  checks: { [Field in keyof Parsed]: FieldCheck },
  formRule?: (texts: Parsed) => { field: keyof Parsed & string; message: string } | undefined,
): FormSchema<Parsed> {
  return {
    safeParse(input) {
      const texts = input as Parsed;
      const data: Record<string, string> = {};
      const issues: { path: string[]; message: string }[] = [];
      for (const [field, check] of Object.entries<FieldCheck>(checks)) {
        const result = check(texts[field] ?? '');
        if ('message' in result) issues.push({ path: [field], message: result.message });
        else data[field] = result.value;
      }
      const formIssue = formRule?.(texts);
      if (formIssue) issues.push({ path: [formIssue.field], message: formIssue.message });
      return issues.length === 0 ? { success: true, data: data as Parsed } : { success: false, error: { issues } };
    },
  };
}

export const signInChecks = formChecks<SignInRequest>({
  email,
  password: password(1, AUTH_MESSAGES.passwordRequired),
});

export const signUpChecks = formChecks<SignUpRequest>({
  email,
  password: password(LIMITS.password.min, AUTH_MESSAGES.passwordTooShort),
  firstName: name(AUTH_MESSAGES.firstNameRequired),
  lastName: name(AUTH_MESSAGES.lastNameRequired),
});

export const requestPasswordResetChecks = formChecks<RequestPasswordReset>({ email });

export const resetPasswordFormChecks = formChecks<{ password: string; confirmPassword: string }>(
  { password: password(LIMITS.password.min, AUTH_MESSAGES.resetPasswordTooShort), confirmPassword: anyText },
  ({ password: chosen, confirmPassword }) =>
    chosen === confirmPassword ? undefined : { field: 'confirmPassword', message: AUTH_MESSAGES.passwordsDontMatch },
);
