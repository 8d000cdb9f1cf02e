import type { TRound } from '@v2mom/contracts';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { UserText } from '../../../components/ui/user-text';

const Root = styled(Card)`
  display: grid;
  gap: 0.75em;
  padding: 1em;
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5em 1em;

  h2 {
    margin: 0;
    font-size: 1.15em;
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const People = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 16em), 1fr));
  gap: 0.5em;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 0.5em;
    padding: 0.4em 0.6em;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
  }
`;

export interface RoundPanelProps {
  round: TRound;
  /** The presenter's Back, Skip and End; none on a meeting-room screen. */
  controls?: ReactNode;
}

/**
 * The round as the room sees it (docs/PRODUCT.md#the-check-in-round): the current department, and
 * who in it has checked in and who is pending, as the live events patch it.
 */
export function RoundPanel({ round, controls }: RoundPanelProps) {
  const department = round.departments[round.position] ?? '';
  const checkedIn = round.participants.filter((person) => person.checkedInAt !== null).length;
  return (
    <Root as="section" aria-label="Check-in round">
      <Head>
        <div>
          <h2>
            Check-in round: <UserText>{department}</UserText>
          </h2>
          <p>
            Department {round.position + 1} of {round.departments.length} · {checkedIn} of {round.participants.length} checked in · run by <UserText>{round.presenter.name}</UserText>
          </p>
        </div>
        {controls}
      </Head>
      {round.participants.length === 0 ? (
        <p>No one in this department has methods to check in.</p>
      ) : (
        <People aria-label={`Who checks in for ${department}`}>
          {round.participants.map((person) => (
            <li key={person.userId}>
              <UserText>{person.name}</UserText>
              {person.checkedInAt ? <Badge tone="success">Checked in</Badge> : <Badge tone="warning">Pending</Badge>}
            </li>
          ))}
        </People>
      )}
    </Root>
  );
}
