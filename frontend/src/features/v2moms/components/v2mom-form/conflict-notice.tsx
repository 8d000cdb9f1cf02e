import { conflictMessage, type TConflict } from '@v2mom/contracts';
import styled from 'styled-components';
import { Notice } from '../../../../components/ui/notice';
import { RelativeTime } from '../../../../components/ui/relative-time';

const Text = styled.p`
  margin-top: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

/**
 * A save answered 409: someone saved this V2MOM after the form was opened. Nothing was
 * written; the user reloads to see their changes (docs/PRODUCT.md#conflicts).
 */
export function ConflictNotice({ conflict, onReload, reloading }: { conflict: TConflict; onReload: () => void; reloading: boolean }) {
  const who = conflict.updatedBy?.name ?? 'Someone else';
  return (
    <Notice
      tone="warning"
      title={
        <>
          {who} changed this V2MOM <RelativeTime value={conflict.updatedAt} />
        </>
      }
      actionLabel="Reload"
      onAction={onReload}
      acting={reloading}
    >
      <Text>{conflictMessage(conflict)} Your changes were not saved.</Text>
    </Notice>
  );
}
