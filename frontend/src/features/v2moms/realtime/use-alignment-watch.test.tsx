import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { LIVE_EVENTS } from '@v2mom/contracts';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { FakeSocket } from '../../../../test/fake-socket';
import { liveSocketAtom } from '../../../lib/live/live-state';
import { v2momKeys } from '../../../lib/query-keys/v2mom-keys';
import { useAlignmentWatch } from './use-alignment-watch';

const ROOTS = v2momKeys.alignmentRoots(2026);

/**
 * An open map: the watch and one of the map's queries, whose reads each answer when the test
 * says (`answerRead`), with their number. The server's answers to the watch wait for `answerWatch`.
 */
function openMap({ refuse = false } = {}) {
  const socket = new FakeSocket();
  if (refuse) socket.answer = () => ({ error: "You can't open the alignment map" });
  const heldAnswers: Array<() => void> = [];
  const emit = socket.emit.bind(socket);
  socket.emit = (event, payload, ack) => emit(event, payload, ack && ((answer) => heldAnswers.push(() => ack(answer))));
  socket.serverConnect();
  const store = createStore();
  store.set(liveSocketAtom, socket.asLiveSocket());
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const reads: Array<(value: number) => void> = [];
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <Provider store={store}>{children}</Provider>
    </QueryClientProvider>
  );
  const view = renderHook(
    () => {
      useAlignmentWatch();
      return useQuery({ queryKey: ROOTS, queryFn: () => new Promise<number>((resolve) => reads.push(resolve)) });
    },
    { wrapper },
  );
  return {
    socket,
    queryClient,
    shown: () => view.result.current.data,
    reads: () => reads.length,
    unmount: () => view.unmount(),
    watches: () => socket.sent.filter(({ event }) => event === LIVE_EVENTS.watchAlignment).map(({ payload }) => payload),
    answerWatch: () => act(() => heldAnswers.splice(0).forEach((answer) => answer())),
    answerRead: async (index: number) => {
      await waitFor(() => expect(reads.length).toBeGreaterThan(index));
      act(() => reads[index]!(index + 1));
    },
  };
}

describe('an open alignment map', () => {
  it('says it is open, and reads its pages again once the server answered', async () => {
    const map = openMap();
    await waitFor(() => expect(map.watches()).toEqual([{ open: true }]));
    await map.answerRead(0);
    await waitFor(() => expect(map.shown()).toBe(1));
    map.answerWatch();
    await map.answerRead(1);
    await waitFor(() => expect(map.shown()).toBe(2));
  });

  it('reads again a read still on its way when the server answers, which may have begun before', async () => {
    const map = openMap();
    await waitFor(() => expect(map.reads()).toBe(1));
    map.answerWatch();
    await map.answerRead(1);
    await waitFor(() => expect(map.shown()).toBe(2));
    // The first read's answer, should it come late, is not taken.
    await map.answerRead(0);
    expect(map.shown()).toBe(2);
  });

  it('reads again when told that roll-ups may have been missed, and says it is open again after a reconnection', async () => {
    const map = openMap();
    await map.answerRead(0);
    act(() => map.socket.serverEmit(LIVE_EVENTS.alignmentChanged, undefined));
    await map.answerRead(1);
    await waitFor(() => expect(map.shown()).toBe(2));

    act(() => map.socket.serverDisconnect());
    act(() => map.socket.serverConnect());
    expect(map.watches()).toEqual([{ open: true }, { open: true }]);
    map.answerWatch();
    await map.answerRead(2);
    await waitFor(() => expect(map.shown()).toBe(3));
  });

  it('says it closed when it unmounts, and drops its pages, which no roll-up patches any more', async () => {
    const map = openMap();
    await map.answerRead(0);
    await waitFor(() => expect(map.shown()).toBe(1));
    map.unmount();
    expect(map.watches()).toEqual([{ open: true }, { open: false }]);
    await waitFor(() => expect(map.queryClient.getQueryData(ROOTS)).toBeUndefined());
  });

  it('reads nothing again when the server refused', async () => {
    const map = openMap({ refuse: true });
    await map.answerRead(0);
    await waitFor(() => expect(map.shown()).toBe(1));
    map.answerWatch();
    await act(async () => {
      for (let turn = 0; turn < 10; turn++) await Promise.resolve();
    });
    expect(map.reads()).toBe(1);
    expect(map.shown()).toBe(1);
  });
});
