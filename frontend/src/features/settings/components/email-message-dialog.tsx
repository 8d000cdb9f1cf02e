import { useState } from 'react';
import styled, { useTheme } from 'styled-components';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingBlock } from '../../../components/ui/loading-block';
import { useEmailMessage } from '../api/get-email-message';
import { UserText } from '../../../components/ui/user-text';

const Switcher = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
  margin-bottom: ${({ theme }) => theme.space[3]};
`;

const Frame = styled.iframe`
  width: 100%;
  height: min(60dvh, 640px);
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
`;

const Plain = styled.pre`
  max-height: min(60dvh, 640px);
  overflow: auto;
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  font-size: ${({ theme }) => theme.fontSize.sm};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Headers = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[3]};
  margin: 0 0 ${({ theme }) => theme.space[3]};
  font-size: ${({ theme }) => theme.fontSize.sm};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

type View = 'html' | 'text';

/**
 * One message as its person receives it. The HTML is shown in a sandboxed frame without scripts
 * or the app's origin (told the app's theme, which browsers that pass it on to frames use for the
 * email's dark colours); the plain text as it is.
 */
export function EmailMessageDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const message = useEmailMessage(id);
  const [view, setView] = useState<View>('html');
  const theme = useTheme();

  let body;
  if (message.isPending) {
    body = <LoadingBlock label="Loading the message" />;
  } else if (message.isError) {
    body = <LoadError title="Failed to load the message" error={message.error} onRetry={() => void message.refetch()} />;
  } else {
    const { data } = message;
    body = (
      <>
        <Headers>
          <dt>To</dt>
          <dd>
            {data.recipient.name !== null ? <UserText>{data.recipient.name}</UserText> : 'A deleted account'} &lt;{data.recipient.address}&gt;
          </dd>
          {Object.entries(data.headers).map(([name, value]) => [<dt key={`${name}-name`}>{name}</dt>, <dd key={`${name}-value`}>{value}</dd>])}
        </Headers>
        <Switcher role="group" aria-label="Show the message as">
          <Button size="sm" variant={view === 'html' ? 'primary' : 'secondary'} aria-pressed={view === 'html'} onClick={() => setView('html')}>
            HTML
          </Button>
          <Button size="sm" variant={view === 'text' ? 'primary' : 'secondary'} aria-pressed={view === 'text'} onClick={() => setView('text')}>
            Plain text
          </Button>
        </Switcher>
        {view === 'html' ? (
          <Frame title={`The message: ${data.subject}`} sandbox="" srcDoc={data.html} style={{ colorScheme: theme.name }} />
        ) : (
          <Plain>{data.text}</Plain>
        )}
      </>
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={message.data?.subject ?? 'Message'} size="lg">
      {body}
    </Dialog>
  );
}
