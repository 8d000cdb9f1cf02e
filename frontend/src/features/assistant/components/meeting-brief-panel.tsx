import { LIVE_EVENTS } from '@v2mom/contracts';
import { useAtomValue } from 'jotai';
import { Suspense, useCallback, useEffect, useId, useState, type ComponentProps } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ChevronRightIcon, SparklesIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { liveSocketAtom } from '../../../lib/live/live-state';
import { preloadable } from '../../../lib/preloadable';
import { useAssistantReply, type FinishedReply } from '../realtime/use-assistant-reply';
import type { MarkdownText as LoadedMarkdownText } from '../../../components/markdown/markdown-text';

const MarkdownText = preloadable<ComponentProps<typeof LoadedMarkdownText>>(() =>
  import('../../../components/markdown/markdown-text').then(({ MarkdownText }) => ({ default: MarkdownText })),
);
// The brief is always shown where this panel is: its renderer loads with the screen's code, in
// parallel with the screen's first render and the socket's answer, not after them.
void MarkdownText.preload();

const Header = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
`;

const Toggle = styled.button<{ $open: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  width: 100%;
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;

  > svg:first-child {
    flex: none;
    transition: transform ${({ theme }) => theme.motion.fast};
    transform: rotate(${({ $open }) => ($open ? '90deg' : '0deg')});
  }
  > svg:nth-child(2) {
    flex: none;
    color: ${({ theme }) => theme.colors.primaryText};
  }
`;

const Content = styled.div`
  margin-top: ${({ theme }) => theme.space[3]};
  font-size: ${({ theme }) => theme.fontSize.md};
`;

const Lines = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Failure = styled.p`
  color: ${({ theme }) => theme.colors.dangerText};
`;

type BriefState = { kind: 'none' } | { kind: 'shown'; text: string; note?: string } | { kind: 'failed'; message: string };

/** Placeholders in the shape of the brief's paragraphs, while its first words are on their way. */
function BriefSkeleton() {
  return (
    <Lines role="status">
      <VisuallyHidden>Writing the meeting brief...</VisuallyHidden>
      <Skeleton $width="70%" />
      <Skeleton />
      <Skeleton $width="90%" />
      <Skeleton $width="80%" />
    </Lines>
  );
}

/**
 * The brief that heads the COO View (docs/PRODUCT.md#meeting-brief): asked for on the live socket
 * as the view opens, its words shown as they arrive, every item a link to its screen. It folds away
 * and can be asked for again; `Regenerate` has it written afresh from the data now, and when
 * someone else does, it is read again here.
 */
export function MeetingBriefPanel() {
  const [brief, setBrief] = useState<BriefState>({ kind: 'none' });
  const [open, setOpen] = useState(true);
  const contentId = useId();
  const onFinish = useCallback(({ text, outcome }: FinishedReply) => {
    if (outcome.kind === 'error') setBrief({ kind: 'failed', message: outcome.message });
    else if (outcome.kind === 'complete') setBrief({ kind: 'shown', text });
    else setBrief({ kind: 'shown', text, note: 'The connection dropped, so this brief was cut short.' });
  }, []);
  const reply = useAssistantReply(onFinish);
  const { signedIn, brief: askForBrief } = reply;
  const writing = reply.phase !== 'idle';
  useEffect(() => {
    if (signedIn) askForBrief();
  }, [signedIn, askForBrief]);
  // Someone else had it written again: read it again, unless it is being written here right now.
  const socket = useAtomValue(liveSocketAtom);
  useEffect(() => {
    if (!socket || writing) return;
    const onChanged = () => askForBrief();
    socket.on(LIVE_EVENTS.briefChanged, onChanged);
    return () => {
      socket.off(LIVE_EVENTS.briefChanged, onChanged);
    };
  }, [socket, writing, askForBrief]);

  const waiting = reply.phase === 'waiting' || (!writing && brief.kind === 'none');
  return (
    <Card aria-labelledby={`${contentId}-title`}>
      <Header id={`${contentId}-title`}>
        <Toggle type="button" $open={open} aria-expanded={open} aria-controls={contentId} onClick={() => setOpen((was) => !was)}>
          <ChevronRightIcon aria-hidden="true" />
          <SparklesIcon aria-hidden="true" />
          Meeting brief
        </Toggle>
      </Header>
      <Content id={contentId} hidden={!open} aria-live="polite" aria-busy={writing}>
        <Suspense fallback={<BriefSkeleton />}>
          {waiting && <BriefSkeleton />}
          {reply.phase === 'streaming' && <MarkdownText text={reply.text} links="app" />}
          {!writing && brief.kind === 'shown' && <MarkdownText text={brief.text} links="app" />}
          {!writing && brief.kind === 'failed' && <Failure role="alert">{brief.message}</Failure>}
        </Suspense>
        {!writing && brief.kind !== 'none' && (
          <Footer>
            {brief.kind === 'shown' && brief.note && <span>{brief.note}</span>}
            {brief.kind !== 'shown' || brief.note ? (
              <Button variant="secondary" size="sm" onClick={() => askForBrief()}>
                Try again
              </Button>
            ) : (
              <Button variant="secondary" size="sm" onClick={() => askForBrief(true)}>
                Regenerate
              </Button>
            )}
          </Footer>
        )}
      </Content>
    </Card>
  );
}

