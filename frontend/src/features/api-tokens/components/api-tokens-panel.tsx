import {
  API_TOKEN_DAY_CHOICES,
  API_TOKEN_DEFAULT_DAYS,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  ZCreateApiTokenSchema,
  type TApiTokenScope,
  type TCreatedApiToken,
} from '@v2mom/contracts';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select, invalidProps } from '../../../components/ui/field';
import { ShownOnceDialog } from '../../../components/ui/shown-once-dialog';
import { UserText } from '../../../components/ui/user-text';
import { useCreateApiToken } from '../api/create-api-token';
import { useApiTokens } from '../api/get-api-tokens';
import { ApiTokenTable } from './api-token-table';

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 160px), 1fr));
  align-items: end;
  gap: ${({ theme }) => theme.space[3]};
  margin-bottom: ${({ theme }) => theme.space[4]};
`;

const About = styled.p`
  max-width: 70ch;
  margin-bottom: ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const daysLabel = (days: number) => (days === 365 ? 'A year' : `${days} days`);

function CreatedTokenDialog({ token, onClose }: { token: TCreatedApiToken; onClose: () => void }) {
  return (
    <ShownOnceDialog
      title="Your new API token"
      description={
        <>
          Copy <UserText>{token.name}</UserText> now: it is shown only this once. Send it as <code>Authorization: Bearer</code>; anyone who holds it acts as you
          until it expires or you revoke it.
        </>
      }
      value={token.secret}
      valueLabel="The token"
      copyLabel="Copy token"
      onClose={onClose}
    />
  );
}

/**
 * The person's own API tokens (docs/PRODUCT.md#api-tokens): make one with a name, a scope and a
 * life of up to a year (its secret shown once, to copy), see each with its last use, revoke it.
 */
export function ApiTokensPanel() {
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TApiTokenScope>('read');
  const [days, setDays] = useState(String(API_TOKEN_DEFAULT_DAYS));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [created, setCreated] = useState<TCreatedApiToken | null>(null);
  const ids = { name: useId(), scope: useId(), days: useId() };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZCreateApiTokenSchema.safeParse({ name, scope, days: Number(days) });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (token) => {
        setCreated(token);
        setName('');
      },
    });
  };

  return (
    <>
      <About>
        An API token lets a script or another tool call the API as you, with your rights: read only, or read and write. It cannot manage tokens, your password or
        your sessions.
      </About>
      <Form noValidate onSubmit={onSubmit} aria-label="New API token">
        <Field htmlFor={ids.name} label="Name" error={errors['name']}>
          <Input id={ids.name} value={name} onChange={(event) => setName(event.target.value)} placeholder="Deploy script" {...invalidProps(ids.name, errors['name'])} />
        </Field>
        <Field htmlFor={ids.scope} label="Scope">
          <Select id={ids.scope} value={scope} onChange={(event) => setScope(event.target.value as TApiTokenScope)}>
            {API_TOKEN_SCOPES.map((option) => (
              <option key={option} value={option}>
                {API_TOKEN_SCOPE_LABELS[option]}
              </option>
            ))}
          </Select>
        </Field>
        <Field htmlFor={ids.days} label="Expires after">
          <Select id={ids.days} value={days} onChange={(event) => setDays(event.target.value)}>
            {API_TOKEN_DAY_CHOICES.map((choice) => (
              <option key={choice} value={String(choice)}>
                {daysLabel(choice)}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" variant="primary" disabled={create.isPending}>
          {create.isPending ? 'Making...' : 'Make token'}
        </Button>
      </Form>
      <ApiTokenTable query={tokens} as="owner" />
      {created ? <CreatedTokenDialog token={created} onClose={() => setCreated(null)} /> : null}
    </>
  );
}
