import {
  API_TOKEN_DAY_CHOICES,
  API_TOKEN_DEFAULT_DAYS,
  API_TOKEN_ITEM_KIND_LABELS,
  API_TOKEN_ITEM_KINDS,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  ZCreateApiTokenSchema,
  type TApiTokenItemKind,
  type TApiTokenScope,
  type TCreatedApiToken,
  type TMeasure,
  type TMethodListItem,
} from '@v2mom/contracts';
import { useId, useState, type ComponentType, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select, invalidProps } from '../../../components/ui/field';
import type { PickerSlotProps } from '../../../components/ui/search-combobox';
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
        token.item ? (
          <>
            Copy <UserText>{token.name}</UserText> now: it is shown only this once. Send it as <code>Authorization: Bearer</code> to{' '}
            <code>
              POST /api/{token.item.kind}s/{token.item.id}/feed
            </code>
            , the only call it makes, until it expires or you revoke it.
          </>
        ) : (
          <>
            Copy <UserText>{token.name}</UserText> now: it is shown only this once. Send it as <code>Authorization: Bearer</code>; anyone who holds it acts as
            you until it expires or you revoke it.
          </>
        )
      }
      value={token.secret}
      valueLabel="The token"
      copyLabel="Copy token"
      onClose={onClose}
    />
  );
}

interface ApiTokensPanelProps {
  /** Limits a new token to one method (docs/PRODUCT.md#numbers-pushed-in): methods found as one types. */
  MethodPicker: ComponentType<PickerSlotProps<TMethodListItem>>;
  /** Limits a new token to one measure row of a V2MOM: measures found as one types. */
  MeasurePicker: ComponentType<PickerSlotProps<TMeasure>>;
}


/**
 * The person's own API tokens (docs/PRODUCT.md#api-tokens): make one with a name, a scope, a
 * life of up to a year and optionally the one method or measure it feeds (its secret shown once,
 * to copy), see each with its last use, revoke it.
 */
export function ApiTokensPanel({ MethodPicker, MeasurePicker }: ApiTokensPanelProps) {
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TApiTokenScope>('read');
  const [days, setDays] = useState(String(API_TOKEN_DEFAULT_DAYS));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [created, setCreated] = useState<TCreatedApiToken | null>(null);
  const [itemKind, setItemKind] = useState<TApiTokenItemKind>('method');
  const [method, setMethod] = useState<TMethodListItem | null>(null);
  const [measure, setMeasure] = useState<TMeasure | null>(null);
  const ids = { name: useId(), scope: useId(), days: useId(), itemKind: useId(), item: useId() };
  const item = itemKind === 'method' ? method : measure;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A token limited to one item pushes values into it, so it writes.
    const limit = item ? { scope: 'read_write', item: { kind: itemKind, id: item.id } } : { scope };
    const parsed = ZCreateApiTokenSchema.safeParse({ name, days: Number(days), ...limit });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (token) => {
        setCreated(token);
        setName('');
        setMethod(null);
        setMeasure(null);
      },
    });
  };

  return (
    <>
      <About>
        An API token lets a script or another tool call the API as you, with your rights: read only, or read and write. It cannot manage tokens, your password or
        your sessions. Limited to one method or measure, it does only one thing: push that item&apos;s numbers in from another system (a method&apos;s progress,
        status or update, a measure&apos;s current value).
      </About>
      <Form noValidate onSubmit={onSubmit} aria-label="New API token">
        <Field htmlFor={ids.name} label="Name" error={errors['name']}>
          <Input id={ids.name} value={name} onChange={(event) => setName(event.target.value)} placeholder="Deploy script" {...invalidProps(ids.name, errors['name'])} />
        </Field>
        <Field htmlFor={ids.scope} label="Scope">
          <Select id={ids.scope} value={item ? 'read_write' : scope} disabled={item !== null} onChange={(event) => setScope(event.target.value as TApiTokenScope)}>
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
        <Field htmlFor={ids.itemKind} label="Kind of item">
          <Select id={ids.itemKind} value={itemKind} onChange={(event) => setItemKind(event.target.value as TApiTokenItemKind)}>
            {API_TOKEN_ITEM_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {API_TOKEN_ITEM_KIND_LABELS[kind]}
              </option>
            ))}
          </Select>
        </Field>
        <Field htmlFor={ids.item} label="Limit to one item">
          {itemKind === 'method' ? (
            <MethodPicker id={ids.item} value={method} onChange={setMethod} onClear={() => setMethod(null)} clearLabel="No limit" placeholder="No limit" />
          ) : (
            <MeasurePicker id={ids.item} value={measure} onChange={setMeasure} onClear={() => setMeasure(null)} clearLabel="No limit" placeholder="No limit" />
          )}
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
