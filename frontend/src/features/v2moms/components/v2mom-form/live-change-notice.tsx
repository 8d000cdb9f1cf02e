import type { TEntityChangedEvent } from '@v2mom/contracts';
import styled from 'styled-components';
import { Notice } from '../../../../components/ui/notice';
import { describeChanges, namesOf, type ChangeContext } from './changes-underneath';

const Changes = styled.ul`
  margin: ${({ theme }) => `${theme.space[2]} 0 0`};
  padding-left: ${({ theme }) => theme.space[5]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  overflow-wrap: anywhere;
`;

const Text = styled.p`
  margin-top: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const MAX_LINES = 5;

export interface LiveChangeNoticeProps extends ChangeContext {
  changes: readonly TEntityChangedEvent[];
  onReload: () => void;
  reloading: boolean;
}

/**
 * Someone else saved this V2MOM while it is open here. The form keeps what the user typed; they
 * decide when to reload (saving first would answer 409, so nothing is ever overwritten).
 */
export function LiveChangeNotice({ changes, onReload, reloading, ...context }: LiveChangeNoticeProps) {
  const all = describeChanges(changes, context);
  const lines = all.slice(0, MAX_LINES);
  const more = all.length - lines.length;
  return (
    <Notice
      tone="info"
      title={`${namesOf(changes)} changed this V2MOM while you were editing`}
      actionLabel="Reload"
      onAction={onReload}
      acting={reloading}
    >
      <Changes>
        {lines.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
        {more > 0 ? <li>{`and ${more} more ${more === 1 ? 'change' : 'changes'}`}</li> : null}
      </Changes>
      <Text>Reload to see their changes before you save. Reloading replaces your unsaved edits in this form.</Text>
    </Notice>
  );
}
