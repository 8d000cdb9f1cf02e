import { WEBHOOK_EVENT_LABELS, type TWebhook, type TWebhookDeliveryStatus } from '@v2mom/contracts';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { QueryTable } from '../../../components/ui/query-table';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { Td, Tr } from '../../../components/ui/table';
import { UserText } from '../../../components/ui/user-text';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useRedeliverWebhook } from '../api/redeliver-webhook';
import { useSendTestWebhook } from '../api/send-test-webhook';

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  margin: ${({ theme }) => theme.space[5]} 0 ${({ theme }) => theme.space[3]};

  h3 {
    font-size: ${({ theme }) => theme.fontSize.md};
  }
`;

const COLUMNS = ['Event', 'Status', 'Queued', 'Last attempt', 'Response', 'Attempts'];
const SKELETON_CELLS = [<Skeleton $width="90px" />, <Skeleton $width="70px" />, <Skeleton $width="80px" />, <Skeleton $width="80px" />, <Skeleton $width="40px" />, <Skeleton $width="20px" />];
const STATUS_WORDS: Record<TWebhookDeliveryStatus, string> = { waiting: 'Waiting', retrying: 'Retrying', delivered: 'Delivered', failed: 'Failed' };

/** A webhook's delivery log: its latest deliveries with their last answers, "Send test", and "Redeliver" for each. */
export function WebhookDeliveries({ webhook }: { webhook: TWebhook }) {
  const deliveries = useWebhookDeliveries(webhook.id);
  const sendTest = useSendTestWebhook(webhook.id);
  const redeliver = useRedeliverWebhook(webhook.id);
  return (
    <section aria-label={`Deliveries to ${webhook.url}`}>
      <Heading>
        <h3>
          Deliveries to <UserText>{webhook.description || webhook.url}</UserText>
        </h3>
        <Button size="sm" disabled={sendTest.isPending} onClick={() => sendTest.mutate()}>
          {sendTest.isPending ? 'Sending...' : 'Send test'}
        </Button>
      </Heading>
      <QueryTable
        name={{ label: 'Deliveries' }}
        columns={COLUMNS}
        query={deliveries}
        skeletonCells={SKELETON_CELLS}
        errorTitle="Failed to load the deliveries"
        emptyMessage="Nothing delivered yet"
      >
        {(deliveries.data ?? []).map((delivery) => (
          <Tr key={delivery.id} aria-label={`${WEBHOOK_EVENT_LABELS[delivery.event]} ${delivery.messageId}`}>
            <Td data-primary>{WEBHOOK_EVENT_LABELS[delivery.event]}</Td>
            <Td data-label="Status" title={delivery.lastError ?? undefined}>
              {STATUS_WORDS[delivery.status]}
            </Td>
            <Td data-label="Queued">
              <RelativeTime value={delivery.createdAt} />
            </Td>
            <Td data-label="Last attempt">{delivery.lastAttemptAt ? <RelativeTime value={delivery.lastAttemptAt} /> : 'Not yet'}</Td>
            <Td data-label="Response">{delivery.responseCode ?? (delivery.lastError ? 'No answer' : '—')}</Td>
            <Td data-label="Attempts">{delivery.attempts}</Td>
            <Td>
              {delivery.status === 'waiting' ? null : (
                <Button size="sm" disabled={redeliver.isPending} onClick={() => redeliver.mutate(delivery.id)} aria-label={`Redeliver ${delivery.messageId}`}>
                  Redeliver
                </Button>
              )}
            </Td>
          </Tr>
        ))}
      </QueryTable>
    </section>
  );
}
