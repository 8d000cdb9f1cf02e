import { WORK_STATUS_LABELS, type TRound, type TRoundParticipant } from '@v2mom/contracts';
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

/** A person's card; wider where it lists what they checked in. */
const People = styled.ul<{ $wide: boolean }>`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, ${({ $wide }) => ($wide ? 24 : 16)}em), 1fr));
  align-items: start;
  gap: 0.5em;
  margin: 0;
  padding: 0;
  list-style: none;

  > li {
    display: flex;
    align-items: flex-start;
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
  /** Under each one checked in, what they gave for each method: status, progress and confidence. */
  submitted?: boolean;
}

const Given = styled.ul`
  display: grid;
  gap: 0.25em;
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9em;
`;

const Person = styled.div`
  display: grid;
  gap: 0.25em;
  min-width: 0;
`;

/** What one person's check-in gave, method by method: "Pipeline · In Progress · 60% · confidence 7". */
function SubmittedMethods({ person }: { person: TRoundParticipant }) {
  return (
    <Given aria-label={`What ${person.name} checked in`}>
      {person.methods.map((method) => (
        <li key={method.id}>
          <UserText>{method.description}</UserText> · {WORK_STATUS_LABELS[method.status]} · {method.progress}%{method.confidence === null ? '' : ` · confidence ${method.confidence}`}
        </li>
      ))}
    </Given>
  );
}

/**
 * The round as the room sees it (docs/PRODUCT.md#the-check-in-round): the current department, and
 * who in it has checked in and who is pending, as the live events patch it; on a meeting room's
 * screen, also what each one checked in.
 */
export function RoundPanel({ round, controls, submitted = false }: RoundPanelProps) {
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
        <People $wide={submitted} aria-label={`Who checks in for ${department}`}>
          {round.participants.map((person) => (
            <li key={person.userId}>
              <Person>
                <UserText>{person.name}</UserText>
                {submitted && person.checkedInAt ? <SubmittedMethods person={person} /> : null}
              </Person>
              {person.checkedInAt ? <Badge tone="success">Checked in</Badge> : <Badge tone="warning">Pending</Badge>}
            </li>
          ))}
        </People>
      )}
    </Root>
  );
}
