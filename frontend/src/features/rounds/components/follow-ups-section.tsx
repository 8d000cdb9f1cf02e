import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { Section } from '../../../components/ui/section';
import { UserText } from '../../../components/ui/user-text';
import { formatDate } from '../../../lib/dates';
import { useAcknowledgeFollowUp } from '../api/acknowledge-follow-up';
import { useMyFollowUps } from '../api/get-my-follow-ups';

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space[2]};
    padding: ${({ theme }) => theme.space[3]};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surface};
  }

  p {
    margin: 0;
  }

  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** The obstacles one raised in check-in rounds, on My Methods until acknowledged (docs/PRODUCT.md#the-check-in-round). */
export function FollowUpsSection() {
  const followUps = useMyFollowUps();
  const acknowledge = useAcknowledgeFollowUp();
  if (!followUps.data || followUps.data.length === 0) return null;
  return (
    <Section id="follow-ups" title="Follow-ups">
      <List aria-label="Follow-ups">
        {followUps.data.map((followUp) => (
          <li key={followUp.id}>
            <div>
              <p>
                <UserText>{followUp.description}</UserText>
              </p>
              <small>
                Due {formatDate(followUp.dueAt)}
                {followUp.method ? (
                  <>
                    {' '}
                    · <UserText>{followUp.method.description}</UserText>
                  </>
                ) : null}
              </small>
            </div>
            <Button
              size="sm"
              variant="secondary"
              loading={acknowledge.isPending && acknowledge.variables.id === followUp.id}
              onClick={() => acknowledge.mutate({ id: followUp.id, version: followUp.version })}
            >
              Acknowledge
            </Button>
          </li>
        ))}
      </List>
    </Section>
  );
}
