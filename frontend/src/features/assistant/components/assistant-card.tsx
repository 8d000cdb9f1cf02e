import { ASSISTANT_TEXTS, PATHS } from '@v2mom/contracts';
import { Suspense, useCallback, useState, type ComponentProps } from 'react';
import styled from 'styled-components';
import { Button, LinkButton } from '../../../components/ui/button';
import { SparklesIcon } from '../../../components/ui/icons';
import { preloadable } from '../../../lib/preloadable';
import { media } from '../../../lib/theme/tokens';
import { useAssistantReply, type FinishedReply } from '../realtime/use-assistant-reply';
import type { MarkdownText as LoadedMarkdownText } from '../../../components/markdown/markdown-text';

// The Markdown renderer is the largest part of the card and only a digest needs it: it loads when
// one is asked for, not with the dashboard.
const MarkdownText = preloadable<ComponentProps<typeof LoadedMarkdownText>>(() =>
  import('../../../components/markdown/markdown-text').then(({ MarkdownText }) => ({ default: MarkdownText })),
);

const Root = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => theme.space[5]};
  margin-bottom: ${({ theme }) => theme.space[6]};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background:
    radial-gradient(120% 160% at 0% 0%, ${({ theme }) => theme.colors.primarySoft} 0%, transparent 60%),
    ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.colors.shadow};

  ${media.small} {
    align-items: flex-start;
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const Digest = styled.div`
  flex-basis: 100%;
  padding-top: ${({ theme }) => theme.space[3]};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fontSize.md};
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Failure = styled.p`
  color: ${({ theme }) => theme.colors.dangerText};
`;

const Icon = styled.div`
  display: grid;
  flex: none;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};

  svg {
    width: 22px;
    height: 22px;
  }
`;

const Text = styled.div`
  flex: 1;
  min-width: 200px;
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
`;

const Description = styled.p`
  margin-top: 2px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.md};
`;

type DigestState = { kind: 'none' } | { kind: 'shown'; text: string; note?: string } | { kind: 'failed' };

/** The dashboard's way into the assistant: a digest streamed into the card, or the chat. */
export function AssistantCard() {
  const [digest, setDigest] = useState<DigestState>({ kind: 'none' });
  const onFinish = useCallback(({ text, outcome }: FinishedReply) => {
    if (outcome.kind === 'error') setDigest({ kind: 'failed' });
    else if (outcome.kind === 'complete') setDigest({ kind: 'shown', text });
    else setDigest({ kind: 'shown', text, note: outcome.kind === 'stopped' ? 'Stopped.' : 'The connection dropped, so this digest was cut short.' });
  }, []);
  const reply = useAssistantReply(onFinish);
  const generating = reply.phase !== 'idle';
  const askForInsights = () => {
    void MarkdownText.preload();
    reply.insights(false);
  };

  return (
    <Root aria-labelledby="assistant-card-title">
      <Icon aria-hidden="true">
        <SparklesIcon />
      </Icon>
      <Text>
        <Title id="assistant-card-title">AI Assistant</Title>
        <Description>Ask about progress, methods that need attention, overdue tasks or team performance.</Description>
      </Text>
      <Buttons>
        <Button variant="secondary" loading={generating} onClick={askForInsights}>
          {generating ? 'Generating...' : 'Get Insights'}
        </Button>
        <LinkButton to={PATHS.chat} variant="primary">
          Ask the Assistant
        </LinkButton>
      </Buttons>
      {(generating || digest.kind !== 'none') && (
        <Digest aria-live="polite" aria-busy={generating} aria-label="Insights">
          <Suspense fallback={<Muted>{ASSISTANT_TEXTS.thinking}</Muted>}>
            {generating && reply.phase === 'waiting' && <Muted>{ASSISTANT_TEXTS.thinking}</Muted>}
            {generating && reply.phase === 'streaming' && <MarkdownText text={reply.text} links="app" />}
            {!generating && digest.kind === 'shown' && (
              <>
                <MarkdownText text={digest.text} links="app" />
                {digest.note && <Muted>{digest.note}</Muted>}
              </>
            )}
            {!generating && digest.kind === 'failed' && <Failure role="alert">{ASSISTANT_TEXTS.insightsFailureOnDashboard}</Failure>}
          </Suspense>
        </Digest>
      )}
    </Root>
  );
}
