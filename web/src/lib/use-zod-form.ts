import { useState, type ChangeEvent, type FormEvent } from 'react';

interface ValidationIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** The part of a zod schema the form needs, so the proto schemas are used as they are. */
export interface FormSchema<Parsed> {
  safeParse(
    input: unknown,
  ): { success: true; data: Parsed } | { success: false; error: { issues: readonly ValidationIssue[] } };
}

type FieldErrors<Fields> = Partial<Record<keyof Fields, string>>;

/** The first message per field, in the order the schema reports them. */
function errorsByField<Fields>(issues: readonly ValidationIssue[]): FieldErrors<Fields> {
  const errors: FieldErrors<Fields> = {};
  for (const issue of issues) {
    const field = issue.path[0] as keyof Fields | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

function validate<Fields, Parsed>(schema: FormSchema<Parsed>, values: Fields): FieldErrors<Fields> {
  const result = schema.safeParse(values);
  return result.success ? {} : errorsByField<Fields>(result.error.issues);
}

/**
 * A controlled form validated by a zod schema: errors appear on submit, then follow each edit;
 * a failed submit moves focus to the first invalid field so keyboard users land where to fix it.
 */
export function useZodForm<Fields extends Record<string, string>, Parsed>(
  schema: FormSchema<Parsed>,
  initialValues: Fields,
) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Fields>>({});
  const [submitted, setSubmitted] = useState(false);

  /** Sets a field's text as typing it would (an editor's toolbar or picker changing the text). */
  function setValue(name: keyof Fields & string, text: string) {
    const next = { ...values, [name]: text };
    setValues(next);
    if (submitted) setErrors(validate(schema, next));
  }

  function field(name: keyof Fields & string) {
    return {
      name,
      value: values[name],
      error: errors[name] !== undefined,
      helperText: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(name, event.target.value),
    };
  }

  /** `onInvalid` runs after a failed submit has focused the first invalid field (a composer that hid it shows it again). */
  function handleSubmit(onValid: (data: Parsed) => void, onInvalid?: () => void) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setSubmitted(true);
      const result = schema.safeParse(values);
      if (result.success) {
        setErrors({});
        onValid(result.data);
        return;
      }
      const nextErrors = errorsByField<Fields>(result.error.issues);
      setErrors(nextErrors);
      const firstInvalid = Object.keys(values).find((name) => nextErrors[name] !== undefined);
      if (firstInvalid) (event.currentTarget.elements.namedItem(firstInvalid) as HTMLElement | null)?.focus();
      onInvalid?.();
    };
  }

  function reset() {
    setValues(initialValues);
    setErrors({});
    setSubmitted(false);
  }

  return { values, errors, field, setValue, handleSubmit, reset };
}
