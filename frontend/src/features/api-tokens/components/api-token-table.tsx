import { API_TOKEN_ITEM_KIND_LABELS, API_TOKEN_SCOPE_LABELS, type TApiToken, type TApiTokenState, type TOwnedApiToken } from '@v2mom/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { QueryTable } from '../../../components/ui/query-table';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { ActionsTd, Td, Tr } from '../../../components/ui/table';
import { UserText } from '../../../components/ui/user-text';
import { personName } from '../../../lib/person-name';
import { useRevokeApiToken, type TRevokeAs } from '../api/revoke-api-token';

const STATE_WORDS: Record<TApiTokenState, string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };
const COLUMNS = ['Name', 'Scope', 'Limited to', 'State', 'Made', 'Expires', 'Last used'];
const skeletons = (count: number) => Array.from({ length: count }, (_, index) => <Skeleton key={index} $width="90px" />);

function RevokeDialog({ token, as, onClose }: { token: TApiToken; as: TRevokeAs; onClose: () => void }) {
  const revoke = useRevokeApiToken();
  return (
    <Dialog
      open
      role="alertdialog"
      onOpenChange={(open) => !open && onClose()}
      title={
        <>
          Revoke <UserText>{token.name}</UserText>?
        </>
      }
      description="Whatever uses it is refused from now on, and it never works again."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="danger" disabled={revoke.isPending} onClick={() => revoke.mutate({ id: token.id, as }, { onSettled: onClose })}>
            {revoke.isPending ? 'Revoking...' : 'Revoke'}
          </Button>
        </>
      }
    />
  );
}

interface ApiTokenTableProps<Token extends TApiToken> {
  query: { data: Token[] | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** Whose tokens: one's own, or everyone's with an Owner column. */
  as: TRevokeAs;
}

/** API tokens with their scope, state and times, each live one with Revoke (docs/PRODUCT.md#api-tokens). */
export function ApiTokenTable<Token extends TApiToken | TOwnedApiToken>({ query, as }: ApiTokenTableProps<Token>) {
  const [revoking, setRevoking] = useState<Token | null>(null);
  const columns = as === 'administrator' ? [...COLUMNS, 'Owner'] : COLUMNS;
  return (
    <>
      <QueryTable
        name={{ label: 'API tokens' }}
        columns={columns}
        query={query}
        skeletonCells={skeletons(columns.length)}
        errorTitle="Failed to load the API tokens"
        emptyMessage="No API tokens yet"
      >
        {(query.data ?? []).map((token) => (
          <Tr key={token.id} aria-label={token.name}>
            <Td data-primary>
              <UserText>{token.name}</UserText> <code>{token.hint}…</code>
            </Td>
            <Td data-label="Scope">{API_TOKEN_SCOPE_LABELS[token.scope]}</Td>
            <Td data-label="Limited to">{token.item ? <UserText>{`${API_TOKEN_ITEM_KIND_LABELS[token.item.kind]}: ${token.item.label}`}</UserText> : 'Any call'}</Td>
            <Td data-label="State">{STATE_WORDS[token.state]}</Td>
            <Td data-label="Made">
              <RelativeTime value={token.createdAt} />
            </Td>
            <Td data-label="Expires">
              <RelativeTime value={token.expiresAt} />
            </Td>
            <Td data-label="Last used">{token.lastUsedAt ? <RelativeTime value={token.lastUsedAt} /> : 'Never'}</Td>
            {'owner' in token ? <Td data-label="Owner">{personName(token.owner, '—')}</Td> : null}
            <ActionsTd>
              {token.state === 'active' ? (
                <Button size="sm" variant="danger" onClick={() => setRevoking(token)} aria-label={`Revoke ${token.name}`}>
                  Revoke
                </Button>
              ) : null}
            </ActionsTd>
          </Tr>
        ))}
      </QueryTable>
      {revoking ? <RevokeDialog token={revoking} as={as} onClose={() => setRevoking(null)} /> : null}
    </>
  );
}
