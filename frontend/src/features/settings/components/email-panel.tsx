import { useState } from 'react';
import styled from 'styled-components';
import { EMAIL_KIND_LABELS, NO_SMTP_SERVER, OUTBOX_STATUS_LABELS, type TOutboxStatus } from '@v2mom/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { QueryTable } from '../../../components/ui/query-table';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { ActionsTd, CellSubtext, Td, Tr } from '../../../components/ui/table';
import { useEmailOutbox } from '../api/get-email-outbox';
import { useEmailStatus } from '../api/get-email-status';
import { EmailMessageDialog } from './email-message-dialog';
import { SmtpStatus } from './smtp-status';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

const More = styled.div`
  display: flex;
  justify-content: center;
`;

const STATUS_TONES: Record<TOutboxStatus, BadgeTone> = { waiting: 'info', retrying: 'warning', sent: 'success', gave_up: 'danger', skipped: 'neutral' };

const COLUMNS = ['Subject', 'To', 'Kind', 'Status', 'Tries', 'Last error', 'Queued', 'Sent'];
const SKELETON_CELLS = [
  <Skeleton $width="200px" />,
  <Skeleton $width="120px" />,
  <Skeleton $width="90px" />,
  <Skeleton $width="60px" />,
  <Skeleton $width="20px" />,
  <Skeleton $width="120px" />,
  <Skeleton $width="70px" />,
  <Skeleton $width="70px" />,
  null,
];

/**
 * The Email tab (docs/PRODUCT.md#email-tab): how email goes out, and the outbox newest first,
 * a page at a time; each message opens to be read as its person gets it.
 */
export function EmailPanel() {
  const outbox = useEmailOutbox();
  const status = useEmailStatus();
  const [openId, setOpenId] = useState<number | null>(null);
  const messages = outbox.data?.pages.flatMap((page) => page.messages) ?? [];

  return (
    <Stack>
      <SmtpStatus
        onRefresh={() => {
          void status.refetch();
          void outbox.refetch();
        }}
      />
      <QueryTable
        name={{ label: 'Outbox' }}
        columns={COLUMNS}
        query={outbox}
        skeletonCells={SKELETON_CELLS}
        errorTitle="Failed to load the outbox"
        emptyMessage="No email yet"
      >
        {messages.map((message) => (
          <Tr key={message.id}>
            <Td data-primary>{message.subject}</Td>
            <Td data-label="To">
              {message.recipient.name ?? 'A deleted account'}
              <CellSubtext>{message.recipient.address}</CellSubtext>
            </Td>
            <Td data-label="Kind">{EMAIL_KIND_LABELS[message.kind]}</Td>
            <Td data-label="Status">
              <Badge tone={STATUS_TONES[message.status]}>{OUTBOX_STATUS_LABELS[message.status]}</Badge>
              {message.status === 'retrying' && message.nextAttemptAt ? (
                <CellSubtext>
                  next try <RelativeTime value={message.nextAttemptAt} />
                </CellSubtext>
              ) : null}
            </Td>
            <Td data-label="Tries">{message.attempts}</Td>
            {/* Sending says once, above the list, that no SMTP server is set: no row repeats it. */}
            <Td data-label="Last error">{message.lastError === null || message.lastError === NO_SMTP_SERVER ? '—' : message.lastError}</Td>
            <Td data-label="Queued">
              <RelativeTime value={message.createdAt} />
            </Td>
            <Td data-label="Sent">
              <RelativeTime value={message.sentAt} fallback="—" />
            </Td>
            <ActionsTd>
              <Button size="sm" onClick={() => setOpenId(message.id)} aria-label={`Open ${message.subject} to ${message.recipient.address}`}>
                Open
              </Button>
            </ActionsTd>
          </Tr>
        ))}
      </QueryTable>
      {outbox.hasNextPage ? (
        <More>
          <Button onClick={() => void outbox.fetchNextPage()} loading={outbox.isFetchingNextPage}>
            {outbox.isFetchingNextPage ? 'Loading...' : 'Show older messages'}
          </Button>
        </More>
      ) : null}
      {openId !== null ? <EmailMessageDialog id={openId} onClose={() => setOpenId(null)} /> : null}
    </Stack>
  );
}
