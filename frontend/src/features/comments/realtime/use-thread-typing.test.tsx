import { act, renderHook } from '@testing-library/react';
import { LIVE_EVENTS, TYPING_EVERY_MS, TYPING_SHOWN_MS, type TUser } from '@v2mom/contracts';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildComment, buildThread } from '../../../../test/builders';
import { FakeSocket } from '../../../../test/fake-socket';
import { DEMO_USERS } from '../../../../test/render-app';
import { liveSocketAtom } from '../../../lib/live/live-state';
import { describeTyping } from './typing-people';
import { useTypingPeople, useTypingSignal } from './use-thread-typing';

const MORGAN = DEMO_USERS.member;
const CASEY = { id: 2, name: 'Casey Chen', active: true };
const LOGAN = { id: 3, name: 'Logan Lee', active: true };
const METHOD_5 = { subject: 'method', subjectId: 5 } as const;

function withSocket() {
  const socket = new FakeSocket();
  socket.serverConnect();
  const store = createStore();
  store.set(liveSocketAtom, socket.asLiveSocket());
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return { socket, wrapper };
}

function showTyping() {
  const { socket, wrapper } = withSocket();
  const view = renderHook(() => describeTyping(useTypingPeople('method', 5, MORGAN.id)), { wrapper });
  // An event applies once its check is loaded (loaded before each test): a few turns after it came.
  const emit = (event: string, payload: unknown) =>
    act(async () => {
      socket.serverEmit(event, payload);
      for (let turn = 0; turn < 10; turn++) await Promise.resolve();
    });
  const hear = (person: typeof CASEY, where: { subject: string; subjectId: number } = METHOD_5) => emit(LIVE_EVENTS.threadTyping, { ...where, person });
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
  return { socket, shown: () => view.result.current, emit, hear, wait };
}

describe('the people typing in an open thread', () => {
  beforeAll(() => import('./typing-checks'));
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows who types for TYPING_SHOWN_MS after the last they were heard', async () => {
    const { shown, hear, wait } = showTyping();
    await hear(CASEY);
    expect(shown()).toBe('Casey Chen is typing…');
    wait(TYPING_EVERY_MS);
    await hear(LOGAN);
    await hear(CASEY);
    expect(shown()).toBe('Casey Chen and Logan Lee are typing…');
    wait(TYPING_SHOWN_MS - 1);
    expect(shown()).toBe('Casey Chen and Logan Lee are typing…');
    wait(1);
    expect(shown()).toBe('');
  });

  it('drops a person at once when their comment arrives', async () => {
    const { emit, shown, hear } = showTyping();
    await hear(CASEY);
    await hear(LOGAN);
    await emit(LIVE_EVENTS.commentChanged, {
      thread: buildThread({ commentCount: 1 }),
      comments: [buildComment({ id: 20, author: CASEY, text: 'Done' })],
      removedIds: [],
      actor: CASEY,
    });
    expect(shown()).toBe('Logan Lee is typing…');
  });

  it('never shows the viewer (their other tabs), nor anyone typing in another thread', async () => {
    const { shown, hear } = showTyping();
    await hear({ id: MORGAN.id, name: MORGAN.name, active: true });
    await hear(CASEY, { subject: 'method', subjectId: 6 });
    await hear(CASEY, { subject: 'obstacle', subjectId: 5 });
    expect(shown()).toBe('');
  });

  it('forgets everyone when the connection drops: their stops would be missed', async () => {
    const { socket, shown, hear } = showTyping();
    await hear(CASEY);
    expect(shown()).toBe('Casey Chen is typing…');
    await act(async () => {
      socket.serverDisconnect();
      for (let turn = 0; turn < 10; turn++) await Promise.resolve();
    });
    expect(shown()).toBe('');
  });
});

describe("the viewer's typing", () => {
  it('tells the server which thread, while connected, and only for those who may comment', () => {
    const { socket, wrapper } = withSocket();
    const { result, rerender } = renderHook(({ viewer }: { viewer: TUser }) => useTypingSignal('method', 5, viewer), {
      wrapper,
      initialProps: { viewer: MORGAN as TUser },
    });
    result.current?.('Hi');
    expect(socket.sent).toEqual([{ event: LIVE_EVENTS.threadTyping, payload: METHOD_5 }]);

    socket.serverDisconnect();
    rerender({ viewer: { ...MORGAN } });
    result.current?.('Hi there');
    expect(socket.sent).toHaveLength(1);

    rerender({ viewer: DEMO_USERS.viewer });
    expect(result.current).toBeUndefined();
  });
});
