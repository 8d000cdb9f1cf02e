import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { VisuallyHidden } from '../../../../components/ui/visually-hidden';
import { fieldName, WHOLE_CHANGES, type MeetingChange } from './meeting-changes';
import { clock } from '../../../../lib/clock';
import { parseApiDate } from '../../../../lib/dates';
import { formatRelativeTime } from '../../../../components/ui/relative-time';
import { PersonName, UserText } from '../../../../components/ui/user-text';

const Root = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.75em;
  min-width: 0;
  padding: 1em;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.lg};
`;

const Title = styled.h2`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.5em;
  font-size: 1em;
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  color: ${({ theme }) => theme.colors.text};
`;

const Count = styled.span`
  min-width: 1.8em;
  padding: 0.1em 0.5em;
  border-radius: ${({ theme }) => theme.radius.full};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primaryText};
  font-size: 0.85em;
  text-align: center;
  font-variant-numeric: tabular-nums;
`;

const Empty = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9em;
`;

const List = styled.ol`
  display: flex;
  flex-direction: column;
  gap: 0.4em;
  margin: 0;
  padding: 0;
  list-style: none;
  /* Inside the panel's height on wide screens: the list scrolls, the heading and count stay. */
  min-height: 0;
  overflow-y: auto;
`;

const Entry = styled.button`
  display: flex;
  flex-direction: column;
  gap: 0.15em;
  width: 100%;
  padding: 0.5em 0.6em;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: 0.9em;
  text-align: left;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

const Line = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

/** What changed, old and new value: wraps rather than hide the new value. */
const Change = styled.span`
  overflow-wrap: anywhere;
`;

const Muted = styled(Line)`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9em;
`;

const Old = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  text-decoration: line-through;
`;

/** 'just now' for the last minute, then '3 minutes ago'. */
function since(at: string, now: number): string {
  const date = parseApiDate(at);
  if (!date) return at;
  return now - date.getTime() < 60_000 ? 'just now' : formatRelativeTime(at, at, now);
}

function useMinuteClock(): number {
  const [now, setNow] = useState(() => clock.millis());
  useEffect(() => {
    const timer = setInterval(() => setNow(clock.millis()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function What({ change }: { change: MeetingChange }) {
  if (change.kind !== 'changed') return <>{WHOLE_CHANGES[change.kind]}</>;
  return (
    <>
      {fieldName(change.field ?? 'status')}:{' '}
      <Old>
        <UserText>{change.from}</UserText>
      </Old>{' '}
      <span aria-hidden="true">→</span>
      <VisuallyHidden>to</VisuallyHidden>{' '}
      <strong>
        <UserText>{change.to}</UserText>
      </strong>
    </>
  );
}

export interface ChangePanelProps {
  changes: readonly MeetingChange[];
  onSelect: (methodId: number) => void;
}

/** What changed since the view was opened, newest first (docs/PRODUCT.md#coo-view). */
export function ChangePanel({ changes, onSelect }: ChangePanelProps) {
  const now = useMinuteClock();
  return (
    <Root aria-labelledby="coo-changes-title">
      <Title id="coo-changes-title">
        <span>Changes during this meeting</span>
        <Count data-testid="coo-change-count">{changes.length}</Count>
      </Title>
      {changes.length === 0 ? (
        <Empty>No changes since you opened this view. Changes owners make now appear here.</Empty>
      ) : (
        <List>
          {changes.map((change) => (
            <li key={change.key}>
              <Entry type="button" onClick={() => onSelect(change.methodId)}>
                <Line>
                  <strong>
                    <PersonName person={change.actor} />
                  </strong>{' '}
                  · {since(change.at, now)}
                </Line>
                <Change>
                  <What change={change} />
                </Change>
                <Muted>{change.description}</Muted>
              </Entry>
            </li>
          ))}
        </List>
      )}
    </Root>
  );
}
