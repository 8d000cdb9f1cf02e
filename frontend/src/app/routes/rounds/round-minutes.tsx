import { describeMovement, quarterLabel } from '@v2mom/contracts';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingBlock } from '../../../components/ui/loading-block';
import { NotFoundMessage } from '../../../components/ui/not-found-message';
import { PageHeader } from '../../../components/ui/page-header';
import { Section } from '../../../components/ui/section';
import { UserText } from '../../../components/ui/user-text';
import { useRoundMinutes } from '../../../features/rounds/api/get-round-minutes';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/dates';

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding-left: 1.25em;

  small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** An ended check-in round's minutes (docs/PRODUCT.md#the-check-in-round): who checked in, what moved, the follow-ups. */
export default function RoundMinutesPage() {
  const id = Number(useParams().id);
  const minutes = useRoundMinutes(id);
  if (minutes.isPending) return <LoadingBlock label="Loading the minutes" />;
  if (minutes.isError) {
    if (minutes.error instanceof ApiError && minutes.error.status === 404) return <NotFoundMessage title="No minutes here">This round has not ended, or never was.</NotFoundMessage>;
    return <LoadError title="We couldn't load the minutes." error={minutes.error} onRetry={() => void minutes.refetch()} />;
  }
  const { data } = minutes;
  return (
    <>
      <PageHeader
        title="Minutes of the check-in round"
        subtitle={`${quarterLabel(data.quarter)} ${data.year} · ${formatDateTime(data.startedAt)} to ${formatDateTime(data.endedAt)} · run by ${data.presenter.name}`}
      />
      <Section id="checked-in" title={`Checked in (${data.checkedIn.length})`}>
        {data.checkedIn.length === 0 ? (
          <EmptyState title="No one checked in" description="The round ended before anyone checked in." />
        ) : (
          <List>
            {data.checkedIn.map((person) => (
              <li key={`${person.name}:${person.at}`}>
                <UserText>{person.name}</UserText> · <UserText>{person.department}</UserText>
              </li>
            ))}
          </List>
        )}
        {data.pending.length > 0 ? (
          <p>
            Did not check in:{' '}
            {data.pending.map((person, index) => (
              <span key={`${person.name}:${person.department}`}>
                {index > 0 ? ', ' : null}
                <UserText>{person.name}</UserText>
              </span>
            ))}
          </p>
        ) : null}
      </Section>
      <Section id="moved" title="What moved">
        {data.moved.length === 0 ? (
          <EmptyState title="Nothing moved" description="No method was checked in during the round." />
        ) : (
          <List>
            {data.moved.map((moved) => (
              <li key={moved.methodId}>
                <UserText>{moved.description}</UserText>
                <small>
                  {moved.ownerName ? <UserText>{moved.ownerName}</UserText> : 'No owner'} · {describeMovement(moved)}
                  {moved.update ? (
                    <>
                      {' '}
                      · <UserText>{moved.update}</UserText>
                    </>
                  ) : null}
                </small>
              </li>
            ))}
          </List>
        )}
      </Section>
      <Section id="follow-ups" title="Follow-ups">
        {data.followUps.length === 0 ? (
          <EmptyState title="No follow-ups" description="The round raised no obstacle." />
        ) : (
          <List>
            {data.followUps.map((followUp, index) => (
              <li key={index}>
                <UserText>{followUp.description}</UserText>
                <small>
                  <UserText>{followUp.ownerName}</UserText> · due {formatDate(followUp.dueAt)}
                </small>
              </li>
            ))}
          </List>
        )}
      </Section>
    </>
  );
}
