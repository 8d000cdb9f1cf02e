import styled from 'styled-components';
import { OUTBOX_STATUS_LABELS, OUTBOX_STATUSES } from '@v2mom/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { useEmailStatus } from '../api/get-email-status';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[4]};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }

  @media (max-width: 560px) {
    grid-template-columns: minmax(0, 1fr);
    dd {
      margin-bottom: ${({ theme }) => theme.space[2]};
    }
  }
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  margin-bottom: ${({ theme }) => theme.space[4]};

  h2 {
    font-size: ${({ theme }) => theme.fontSize.lg};
    font-weight: ${({ theme }) => theme.fontWeight.semibold};
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The SMTP server as the Email tab shows it (docs/PRODUCT.md#email-tab): not set (emails wait in
 * the outbox), answering, or not answering and why; the sender, the rate and the outbox's counts.
 */
export function SmtpStatus({ onRefresh }: { onRefresh: () => void }) {
  const status = useEmailStatus();
  if (status.isPending) {
    return (
      <Card $padded aria-busy="true" aria-label="Loading the email settings">
        <Skeleton $width="60%" $height="18px" />
      </Card>
    );
  }
  if (status.isError) {
    return <LoadError title="Failed to load the email settings" error={status.error} onRetry={() => void status.refetch()} />;
  }
  const { smtp, from, ratePerSecond, counts } = status.data;
  return (
    <Card $padded aria-labelledby="smtp-status-title">
      <Header>
        <h2 id="smtp-status-title">Sending</h2>
        <Button size="sm" onClick={onRefresh} loading={status.isFetching}>
          {status.isFetching ? 'Checking...' : 'Check again'}
        </Button>
      </Header>
      <Facts>
        <dt>SMTP server</dt>
        <dd>
          {!smtp.configured ? (
            <>
              <Badge tone="neutral">Not set</Badge> <Muted>No SMTP server is set (SMTP_URL): emails wait in the outbox below.</Muted>
            </>
          ) : smtp.reachable ? (
            <>
              <Badge tone="success">Reachable</Badge> {smtp.server} <Muted>(checked <RelativeTime value={smtp.checkedAt} />)</Muted>
            </>
          ) : (
            <>
              <Badge tone="danger">Cannot connect</Badge> {smtp.server}: {smtp.error} <Muted>Emails wait and are retried.</Muted>
            </>
          )}
        </dd>
        <dt>Sender</dt>
        <dd>{from}</dd>
        <dt>Rate</dt>
        <dd>At most {ratePerSecond} a second</dd>
        <dt>Outbox</dt>
        <dd>{OUTBOX_STATUSES.map((key) => `${OUTBOX_STATUS_LABELS[key]}: ${counts[key]}`).join(' · ')}</dd>
      </Facts>
    </Card>
  );
}
