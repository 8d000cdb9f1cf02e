import { sentenceText, written, type TPresenceMember, type TSentence } from '@v2mom/contracts';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Avatar } from '../../../../components/ui/avatar';
import { VisuallyHidden } from '../../../../components/ui/visually-hidden';
import { media } from '../../../../lib/theme/tokens';
import { PencilIcon } from '../../../../components/ui/icons';
import { Sentence } from '../../../../components/ui/user-text';

const MAX_SHOWN = 4;

const Root = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
  /* Room for the editing ring next to a heading. */
  padding-left: 4px;
`;

const Stack = styled.ul`
  display: flex;
  margin: 0;
  padding: 0 0 0 6px;
  list-style: none;

  li {
    position: relative;
    margin-left: -6px;
  }
`;

const Person = styled.span<{ $editing: boolean }>`
  position: relative;
  display: inline-flex;
  border-radius: 50%;
  /* A ring in the page colour keeps overlapping avatars apart; editors get the accent ring. */
  box-shadow:
    0 0 0 2px ${({ theme }) => theme.colors.surface},
    0 0 0 ${({ $editing }) => ($editing ? '4px' : '2px')} ${({ $editing, theme }) => ($editing ? theme.colors.primary : theme.colors.surface)};
`;

const ModeDot = styled.span`
  position: absolute;
  right: -2px;
  bottom: -2px;
  display: grid;
  place-items: center;
  width: 14px;
  height: 14px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.surface};
`;

const More = styled.span`
  display: inline-grid;
  place-items: center;
  width: 28px;
  height: 28px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.neutralSoft};
  color: ${({ theme }) => theme.colors.neutralText};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.surface};
`;

const Summary = styled.span`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};

  ${media.small} {
    display: none;
  }
`;

const presenceLabel = (member: TPresenceMember) => `${member.name} is ${member.mode}`;
/** The same on screen, the name isolated (docs/PRODUCT.md#user-text). */
const presenceSentence = (member: TPresenceMember): TSentence => [written(member.name), ` is ${member.mode}`];
const presenceTitle = (member: TPresenceMember) => sentenceText(presenceSentence(member));

function summaryOf(others: TPresenceMember[]): TSentence {
  const [first] = others;
  if (!first) return [];
  if (others.length === 1) return presenceSentence(first);
  return [written(first.name), ` and ${others.length - 1} ${others.length === 2 ? 'other' : 'others'} here`];
}

/** 'Morgan Diaz joined' / 'Morgan Diaz left', for screen readers, as people come and go. */
function useArrivals(others: TPresenceMember[]): string {
  const previous = useRef<TPresenceMember[]>([]);
  const [message, setMessage] = useState('');
  useEffect(() => {
    const before = new Map(previous.current.map((member) => [member.userId, member]));
    const now = new Map(others.map((member) => [member.userId, member]));
    const joined = others.filter((member) => !before.has(member.userId)).map((member) => `${member.name} joined`);
    const left = previous.current.filter((member) => !now.has(member.userId)).map((member) => `${member.name} left`);
    previous.current = others;
    if (joined.length + left.length > 0) setMessage([...joined, ...left].join('. '));
  }, [others]);
  return message;
}

/**
 * Who else has this V2MOM open (docs/PRODUCT.md#presence): overlapping avatars with initials when
 * there is no picture, an accent ring and pencil for people editing, each named for screen
 * readers ('Morgan Diaz is editing'); arrivals and departures are announced politely.
 */
export function PresenceAvatars({ others }: { others: TPresenceMember[] }) {
  const announcement = useArrivals(others);
  const shown = others.slice(0, MAX_SHOWN);
  const hidden = others.slice(MAX_SHOWN);

  return (
    <Root>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      {others.length > 0 ? (
        <>
          <Stack aria-label="Also on this V2MOM">
            {shown.map((member) => (
              <li key={member.userId}>
                <Person role="img" aria-label={presenceLabel(member)} title={presenceTitle(member)} $editing={member.mode === 'editing'}>
                  <Avatar name={member.name} src={member.avatarUrl} size={28} />
                  {member.mode === 'editing' ? (
                    <ModeDot>
                      <PencilIcon />
                    </ModeDot>
                  ) : null}
                </Person>
              </li>
            ))}
            {hidden.length > 0 ? (
              <li>
                <More role="img" aria-label={`and ${hidden.map(presenceLabel).join(', ')}`} title={hidden.map(presenceTitle).join('\n')}>
                  +{hidden.length}
                </More>
              </li>
            ) : null}
          </Stack>
          <Summary aria-hidden="true">
            <Sentence sentence={summaryOf(others)} />
          </Summary>
        </>
      ) : null}
    </Root>
  );
}
