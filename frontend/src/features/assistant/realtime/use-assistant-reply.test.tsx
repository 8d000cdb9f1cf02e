import { ASSISTANT_TEXTS, LIVE_EVENTS } from '@v2mom/contracts';
import { act, renderHook } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeSocket } from '../../../../test/fake-socket';
import { liveSocketAtom } from '../../../lib/live/live-state';
import { useAssistantReply, type FinishedReply } from './use-assistant-reply';

const REPLY_ID = '7d3c1a52-3b1e-4c55-9a3e-2f1d8b6c9e01';

let socket: FakeSocket;
let finished: FinishedReply[];

function renderReply() {
  const store = createStore();
  store.set(liveSocketAtom, socket.asLiveSocket());
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return renderHook(() => useAssistantReply((reply) => finished.push(reply)), { wrapper });
}

async function askAndStart(result: ReturnType<typeof renderReply>['result']) {
  act(() => result.current.ask({ question: 'Which methods need attention?' }));
  await act(async () => {}); // the acknowledgement
}

beforeEach(() => {
  socket = new FakeSocket();
  socket.serverConnect();
  socket.answer = () => ({ data: { replyId: REPLY_ID } });
  finished = [];
});

describe('an assistant reply on the live socket', () => {
  it('thinks until the first delta, grows with each one, and ends whole on done', async () => {
    const { result } = renderReply();
    await askAndStart(result);
    expect(result.current.phase).toBe('waiting');
    act(() => socket.serverEmit(LIVE_EVENTS.assistantDelta, { replyId: REPLY_ID, seq: 0, text: '**3 methods** ' }));
    expect(result.current).toMatchObject({ phase: 'streaming', text: '**3 methods** ' });
    act(() => socket.serverEmit(LIVE_EVENTS.assistantDelta, { replyId: 'another-reply', seq: 0, text: 'not ours' }));
    act(() => socket.serverEmit(LIVE_EVENTS.assistantDelta, { replyId: REPLY_ID, seq: 1, text: 'need attention' }));
    act(() => socket.serverEmit(LIVE_EVENTS.assistantDone, { replyId: REPLY_ID, reason: 'complete' }));
    expect(finished).toEqual([{ text: '**3 methods** need attention', outcome: { kind: 'complete' } }]);
    expect(result.current.phase).toBe('idle');
  });

  it('keeps what arrived and says it was cut when the connection drops mid-reply', async () => {
    const { result } = renderReply();
    await askAndStart(result);
    act(() => socket.serverEmit(LIVE_EVENTS.assistantDelta, { replyId: REPLY_ID, seq: 0, text: 'Half an ' }));
    act(() => socket.serverDisconnect());
    expect(finished).toEqual([{ text: 'Half an ', outcome: { kind: 'cut' } }]);
  });

  it('shows the refusal when another reply is still running', async () => {
    socket.answer = () => ({ error: ASSISTANT_TEXTS.busy });
    const { result } = renderReply();
    await askAndStart(result);
    expect(finished).toEqual([{ text: '', outcome: { kind: 'error', message: ASSISTANT_TEXTS.busy } }]);
  });

  it('stops the reply on Stop and when the page goes away', async () => {
    const { result, unmount } = renderReply();
    await askAndStart(result);
    act(() => result.current.stop());
    expect(socket.sent.at(-1)).toEqual({ event: LIVE_EVENTS.stopAssistant, payload: { replyId: REPLY_ID } });
    socket.sent.length = 0;
    unmount();
    expect(socket.sent).toEqual([{ event: LIVE_EVENTS.stopAssistant, payload: { replyId: REPLY_ID } }]);
  });
});
