import { ASSISTANT_TEXTS, isSendable, recentHistory, type TConversationMessage } from '@v2mom/contracts';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Textarea } from '../../../components/ui/field';
import { SparklesIcon } from '../../../components/ui/icons';
import { media } from '../../../lib/theme/tokens';
import { useClearConversation } from '../api/clear-conversation';
import { useConversation } from '../api/get-conversation';
import { useAssistantReply, type FinishedReply } from '../realtime/use-assistant-reply';
import { MarkdownText } from '../../../components/markdown/markdown-text';
import { clock } from '../../../lib/clock';

/** The example questions under the greeting; clicking one asks it. */
const EXAMPLE_QUESTIONS = [
  'What is our current progress?',
  'Which methods need attention?',
  'Are there any overdue tasks?',
  'How is team performance?',
] as const;

/** Why a kept reply is not whole; the chat says so under it. */
type CutReason = 'stopped' | 'dropped' | 'kept';

interface ShownMessage extends TConversationMessage {
  key: string;
  cutReason?: CutReason;
}

const CUT_NOTES: Record<CutReason, string> = {
  stopped: 'You stopped this reply.',
  dropped: 'The connection dropped, so this reply was cut short.',
  kept: 'This reply was cut short.',
};

const Panel = styled(Card)`
  display: flex;
  flex-direction: column;
  min-height: 0;
`;

/**
 * The conversation scrolls inside the card, so the text box and its buttons stay where they are:
 * on screen with the page unscrolled, above the bottom bar on a phone (where the hint and the
 * buttons take a line each).
 */
const Log = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  height: max(280px, calc(100dvh - 420px));
  ${media.mobile} {
    height: max(200px, calc(100dvh - 480px - ${({ theme }) => theme.layout.mobileBarHeight}));
  }
  overflow-y: auto;
  overscroll-behavior: contain;
  padding: ${({ theme }) => theme.space[4]};
  list-style: none;
`;

const Bubble = styled.li<{ $role: 'user' | 'assistant' }>`
  max-width: min(720px, 92%);
  align-self: ${({ $role }) => ($role === 'user' ? 'flex-end' : 'flex-start')};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme, $role }) => ($role === 'user' ? theme.colors.primary : theme.colors.surfaceRaised)};
  color: ${({ theme, $role }) => ($role === 'user' ? theme.colors.onPrimary : theme.colors.text)};
  border: 1px solid ${({ theme, $role }) => ($role === 'user' ? 'transparent' : theme.colors.border)};
  font-size: ${({ theme }) => theme.fontSize.md};
`;

const UserText = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Note = styled.p`
  margin-top: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.colors.warningText};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Examples = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  list-style: none;

  button {
    height: auto;
    min-height: 32px;
    /* A question that wraps on a phone keeps room between its lines and around them. */
    padding-block: ${({ theme }) => theme.space[1]};
    line-height: ${({ theme }) => theme.lineHeight.tight};
    white-space: normal;
    text-align: left;
  }
`;

const Composer = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[4]};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const QuestionInput = styled(Textarea)`
  min-height: 44px;
  max-height: 200px;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const Hint = styled.p`
  flex: 1;
  min-width: 180px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Thinking = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-style: italic;
`;

let counter = 0;
const nextKey = () => `local-${++counter}`;

function kept(message: TConversationMessage, index: number): ShownMessage {
  return { ...message, key: `kept-${index}`, ...(message.cut ? { cutReason: 'kept' as const } : {}) };
}

function replyMessage({ text, outcome }: FinishedReply): ShownMessage {
  const base = { key: nextKey(), role: 'assistant' as const, timestamp: clock.now().toISOString() };
  if (outcome.kind === 'error') return { ...base, content: text ? text : outcome.message, cut: true, ...(text ? { cutReason: 'dropped' as const } : {}) };
  if (outcome.kind === 'complete') return { ...base, content: text, cut: false };
  return { ...base, content: text, cut: true, cutReason: outcome.kind === 'stopped' ? 'stopped' : 'dropped' };
}

/** The chat (docs/PRODUCT.md#assistant): the kept conversation, then the reply streaming in. */
export function ChatPanel() {
  const conversation = useConversation();
  const clear = useClearConversation();
  const [local, setLocal] = useState<ShownMessage[]>([]);
  const [draft, setDraft] = useState('');
  const hintId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLOListElement>(null);

  const onFinish = useCallback((reply: FinishedReply) => setLocal((messages) => [...messages, replyMessage(reply)]), []);
  const reply = useAssistantReply(onFinish);
  const busy = reply.phase !== 'idle';

  const messages: ShownMessage[] = [...(conversation.data?.messages ?? []).map(kept), ...local];

  // The newest words stay in view as they arrive (the log scrolls, the page does not).
  useEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [messages.length, reply.text]);

  useEffect(() => {
    if (!busy) input.current?.focus({ preventScroll: true });
  }, [busy]);

  function ask(question: string) {
    if (busy || !isSendable(question)) return;
    const trimmed = question.trim();
    const history = recentHistory(messages).map(({ role, content, timestamp }) => ({ role, content, timestamp }));
    setLocal((shown) => [...shown, { key: nextKey(), role: 'user', content: trimmed, timestamp: clock.now().toISOString(), cut: false }]);
    setDraft('');
    reply.ask({ question: trimmed, history });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    ask(draft);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      ask(draft);
    }
  }

  function clearAll() {
    clear.mutate(undefined, { onSuccess: () => setLocal([]) });
  }

  if (!reply.signedIn) return <p>{ASSISTANT_TEXTS.loginRequired}</p>;

  return (
    <Panel>
      <Log ref={log} aria-label="Conversation" aria-live="polite" aria-busy={busy} tabIndex={0}>
        <Bubble $role="assistant">
          <p>{ASSISTANT_TEXTS.greeting}</p>
        </Bubble>
        <li>
          <Examples aria-label="Example questions">
            {EXAMPLE_QUESTIONS.map((question) => (
              <li key={question}>
                <Button size="sm" variant="secondary" disabled={busy} onClick={() => ask(question)}>
                  {question}
                </Button>
              </li>
            ))}
          </Examples>
        </li>
        {conversation.isError && (
          <Bubble $role="assistant">
            <Note>Your earlier messages could not be loaded.</Note>
          </Bubble>
        )}
        {messages.map((message) => (
          <Bubble key={message.key} $role={message.role}>
            {message.role === 'user' ? <UserText>{message.content}</UserText> : <MarkdownText text={message.content} links="app" />}
            {message.cutReason && <Note>{CUT_NOTES[message.cutReason]}</Note>}
          </Bubble>
        ))}
        {busy && (
          <Bubble $role="assistant" aria-busy="true">
            {reply.phase === 'waiting' ? <Thinking>{ASSISTANT_TEXTS.thinking}</Thinking> : <MarkdownText text={reply.text} links="app" />}
          </Bubble>
        )}
      </Log>
      <Composer onSubmit={onSubmit} aria-label="Ask the assistant">
        <QuestionInput
          ref={input}
          rows={2}
          value={draft}
          disabled={busy}
          aria-label="Your question"
          aria-describedby={hintId}
          placeholder="Ask about progress, risks, tasks or teams..."
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Actions>
          <Hint id={hintId}>{ASSISTANT_TEXTS.hint}</Hint>
          <Button variant="ghost" onClick={clearAll} disabled={busy || messages.length === 0} loading={clear.isPending}>
            Clear conversation
          </Button>
          <Button
            variant="secondary"
            leadingIcon={<SparklesIcon aria-hidden="true" />}
            disabled={busy && reply.kind !== 'insights'}
            loading={reply.kind === 'insights'}
            onClick={() => reply.insights(true)}
          >
            {reply.kind === 'insights' ? 'Generating...' : 'Get Insights'}
          </Button>
          {busy && (
            <Button variant="danger" onClick={reply.stop}>
              Stop
            </Button>
          )}
          <Button type="submit" variant="primary" disabled={busy || !isSendable(draft)}>
            Send
          </Button>
        </Actions>
      </Composer>
    </Panel>
  );
}
