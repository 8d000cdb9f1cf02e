import { conflictMessage, type TConflict } from '@v2mom/contracts';
import styled from 'styled-components';
import { Button } from '../../../../components/ui/button';
import { AlertIcon } from '../../../../components/ui/icons';
import { RelativeTime } from '../../../../components/ui/relative-time';

const Root = styled.div`
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: start;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.text};

  @media (max-width: 560px) {
    grid-template-columns: auto 1fr;
    & > button {
      grid-column: 1 / -1;
    }
  }
`;

const Icon = styled.span`
  color: ${({ theme }) => theme.colors.warningText};
  padding-top: 2px;
`;

const Title = styled.p`
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
`;

const Text = styled.p`
  margin-top: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

/**
 * A save answered 409: someone saved this V2MOM after the form was opened. Nothing was
 * written; the user reloads to see their changes (DECISIONS.md section 4).
 */
export function ConflictNotice({ conflict, onReload, reloading }: { conflict: TConflict; onReload: () => void; reloading: boolean }) {
  const who = conflict.updatedBy?.name ?? 'Someone else';
  return (
    <Root role="alert" aria-labelledby="conflict-title">
      <Icon aria-hidden="true">
        <AlertIcon />
      </Icon>
      <div>
        <Title id="conflict-title">
          {who} changed this V2MOM <RelativeTime value={conflict.updatedAt} />
        </Title>
        <Text>{conflictMessage(conflict)} Your changes were not saved.</Text>
      </div>
      <Button variant="primary" onClick={onReload} loading={reloading}>
        Reload
      </Button>
    </Root>
  );
}
