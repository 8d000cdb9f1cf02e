import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { ZChangePasswordRequestSchema } from '@v2mom/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input, invalidProps } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useChangePassword } from '../api/change-password';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';
type PasswordErrors = Partial<Record<PasswordField, string>>;

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
const MISMATCH = 'The passwords do not match';

const FIELDS: ReadonlyArray<{ name: PasswordField; label: string; autoComplete: string }> = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
];

function isPasswordField(name: PropertyKey | undefined): name is PasswordField {
  return FIELDS.some((field) => field.name === name);
}

/** The contract's rules, then the confirmation: the first message per field. */
function validate(values: typeof EMPTY): PasswordErrors {
  const errors: PasswordErrors = {};
  const parsed = ZChangePasswordRequestSchema.safeParse(values);
  for (const issue of parsed.error?.issues ?? []) {
    const [field] = issue.path;
    if (isPasswordField(field)) errors[field] ??= issue.message;
  }
  if (!errors.newPassword && values.confirmPassword !== values.newPassword) errors.confirmPassword = MISMATCH;
  return errors;
}

/** A refusal's `fieldErrors` on the fields they name ('Current password is incorrect'). */
function serverErrors(error: unknown): PasswordErrors {
  const errors: PasswordErrors = {};
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
  for (const [field, messages] of Object.entries(fieldErrors ?? {})) {
    if (isPasswordField(field) && messages[0]) errors[field] = messages[0];
  }
  return errors;
}

/**
 * Change one's own password (docs/PRODUCT.md#account): nothing is sent until the fields pass the
 * contract's rules; the server's refusal shows beside its field, and success empties the form.
 */
export function PasswordForm() {
  const changePassword = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<PasswordErrors>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    const firstAtFault = FIELDS.find((field) => found[field.name]);
    if (firstAtFault) {
      document.getElementById(`account-${firstAtFault.name}`)?.focus();
      return;
    }
    changePassword.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => setValues(EMPTY),
        onError: (error) => setErrors(serverErrors(error)),
      },
    );
  };

  return (
    <Card $padded>
      <Form noValidate onSubmit={onSubmit}>
        {FIELDS.map(({ name, label, autoComplete }) => {
          const id = `account-${name}`;
          return (
            <Field key={name} htmlFor={id} label={label} error={errors[name]}>
              <Input
                id={id}
                type="password"
                autoComplete={autoComplete}
                value={values[name]}
                onChange={(event) => {
                  setValues((previous) => ({ ...previous, [name]: event.target.value }));
                  setErrors((previous) => ({ ...previous, [name]: undefined }));
                }}
                {...invalidProps(id, errors[name])}
              />
            </Field>
          );
        })}
        <Actions>
          <Button type="submit" variant="primary" loading={changePassword.isPending}>
            {changePassword.isPending ? 'Changing password...' : 'Change password'}
          </Button>
        </Actions>
      </Form>
    </Card>
  );
}
