import {
  ASSISTANT_TEXTS,
  LIVE_EVENTS,
  type TAck,
  type TAskAssistantCommand,
  type TAssistantDeltaEvent,
  type TAssistantDoneEvent,
  type TAssistantErrorEvent,
  type TAssistantReplyStarted,
} from '@v2mom/contracts';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LiveSocket } from '../../../lib/live/live-socket';
import { liveSocketAtom } from '../../../lib/live/live-state';

/** How a reply ended: whole, stopped by the user, cut by a dropped connection, or failed. */
export type ReplyOutcome = { kind: 'complete' } | { kind: 'stopped' } | { kind: 'cut' } | { kind: 'error'; message: string };

export interface FinishedReply {
  /** What arrived, which for a stopped or cut reply is only part of it. */
  text: string;
  outcome: ReplyOutcome;
}

/** `waiting` until the first words arrive ('Thinking...'), `streaming` while they do. */
export type ReplyPhase = 'idle' | 'waiting' | 'streaming';

interface Running {
  kind: 'answer' | 'insights' | 'brief';
  replyId: string | null;
  text: string;
}

const ignoreAnswer = () => {};

/** What a reply that could not be had says in its place. */
const FAILURE_TEXTS: Record<Running['kind'], string> = {
  answer: ASSISTANT_TEXTS.chatFailure,
  insights: ASSISTANT_TEXTS.insightsFailureOnChat,
  brief: ASSISTANT_TEXTS.briefFailure,
};

/**
 * A question asked before the socket has (re)connected waits in Socket.IO's buffer and goes out
 * on connection; without an answer within this time, the reply fails instead of waiting forever.
 */
const ACK_TIMEOUT_MS = 10_000;

/**
 * One assistant reply at a time over the live socket (docs/PRODUCT.md#assistant): asks, shows
 * the text as its deltas arrive, and hands the finished reply to `onFinish`. Stop ends it; so
 * does leaving the page. A connection that drops mid-reply ends it as `cut`, with what arrived.
 */
export function useAssistantReply(onFinish: (reply: FinishedReply) => void) {
  const socket = useAtomValue(liveSocketAtom);
  const [phase, setPhase] = useState<ReplyPhase>('idle');
  const [kind, setKind] = useState<Running['kind'] | null>(null);
  const [text, setText] = useState('');
  const running = useRef<Running | null>(null);
  const finished = useRef(onFinish);
  useEffect(() => {
    finished.current = onFinish;
  });

  const finish = useCallback((outcome: ReplyOutcome) => {
    const reply = running.current;
    if (!reply) return;
    running.current = null;
    setPhase('idle');
    setKind(null);
    setText('');
    finished.current({ text: reply.text, outcome });
  }, []);

  useEffect(() => {
    if (!socket) return;
    const ours = (event: { replyId: string }) => running.current !== null && running.current.replyId === event.replyId;
    const onDelta = (event: TAssistantDeltaEvent) => {
      if (!ours(event) || !running.current) return;
      // One connection delivers in order; the deltas join into the text as sent.
      running.current.text += event.text;
      setText(running.current.text);
      setPhase('streaming');
    };
    const onDone = (event: TAssistantDoneEvent) => {
      if (ours(event)) finish({ kind: event.reason });
    };
    const onError = (event: TAssistantErrorEvent) => {
      if (ours(event)) finish({ kind: 'error', message: event.message });
    };
    const onDisconnect = () => finish({ kind: 'cut' });
    socket.on(LIVE_EVENTS.assistantDelta, onDelta);
    socket.on(LIVE_EVENTS.assistantDone, onDone);
    socket.on(LIVE_EVENTS.assistantError, onError);
    socket.on('disconnect', onDisconnect);
    return () => {
      socket.off(LIVE_EVENTS.assistantDelta, onDelta);
      socket.off(LIVE_EVENTS.assistantDone, onDone);
      socket.off(LIVE_EVENTS.assistantError, onError);
      socket.off('disconnect', onDisconnect);
      // Leaving the page stops the reply: nobody is reading it any more.
      const reply = running.current;
      running.current = null;
      if (reply?.replyId && socket.connected) socket.emit(LIVE_EVENTS.stopAssistant, { replyId: reply.replyId }, ignoreAnswer);
    };
  }, [socket, finish]);

  const begin = useCallback(
    (replyKind: Running['kind'], send: (live: ReturnType<LiveSocket['timeout']>, onAck: (error: Error | null, answer: TAck<TAssistantReplyStarted>) => void) => void) => {
      if (running.current) return;
      const reply: Running = { kind: replyKind, replyId: null, text: '' };
      running.current = reply;
      setKind(replyKind);
      setPhase('waiting');
      setText('');
      const failure = FAILURE_TEXTS[replyKind];
      if (!socket) return finish({ kind: 'error', message: failure });
      send(socket.timeout(ACK_TIMEOUT_MS), (error, answer) => {
        if (running.current !== reply) return;
        if (error) return finish({ kind: 'error', message: failure });
        if ('error' in answer) return finish({ kind: 'error', message: answer.error });
        reply.replyId = answer.data.replyId;
      });
    },
    [socket, finish],
  );

  const ask = useCallback(
    (command: TAskAssistantCommand) => begin('answer', (live, onAck) => live.emit(LIVE_EVENTS.askAssistant, command, onAck)),
    [begin],
  );

  /** `keep`: the digest joins the kept conversation (the chat), not only the dashboard card. */
  const insights = useCallback(
    (keep: boolean) => begin('insights', (live, onAck) => live.emit(LIVE_EVENTS.assistantInsights, { keep }, onAck)),
    [begin],
  );

  /** The brief for the coming COO meeting (docs/PRODUCT.md#meeting-brief); `regenerate`: written afresh from the data now. */
  const brief = useCallback(
    (regenerate = false) => begin('brief', (live, onAck) => live.emit(LIVE_EVENTS.meetingBrief, { regenerate }, onAck)),
    [begin],
  );

  const stop = useCallback(() => {
    const replyId = running.current?.replyId;
    if (replyId && socket?.connected) socket.emit(LIVE_EVENTS.stopAssistant, { replyId }, ignoreAnswer);
  }, [socket]);

  return { phase, kind, text, ask, insights, brief, stop, signedIn: socket !== null };
}
