/** A form's messages by field: the first issue zod found on each. */
export type TFieldErrors<Fields> = Partial<Record<keyof Fields, string>>;

export function fieldErrorsOf<Fields>(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): TFieldErrors<Fields> {
  const errors: TFieldErrors<Fields> = {};
  for (const issue of issues) {
    const field = issue.path[0] as keyof Fields;
    errors[field] ??= issue.message;
  }
  return errors;
}
