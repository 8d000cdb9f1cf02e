import { MutationObserver } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { liveStatusAtom, type LiveStatus } from '../lib/live/live-state';
import { methodKeys } from '../lib/query-keys/method-keys';
import { userKeys } from '../lib/query-keys/user-keys';
import { createAppQueryClient } from './query-client';

/** A write that succeeds while the socket is in `status`; answers which queries it made stale. */
async function writeWhile(status: LiveStatus) {
  const store = createStore();
  store.set(liveStatusAtom, status);
  const client = createAppQueryClient(store);
  client.setQueryData(methodKeys.summary(), []);
  client.setQueryData(userKeys.departments(), []);
  await new MutationObserver(client, { mutationFn: async () => ({ id: 1, version: 2 }) }).mutate();
  return { methods: client.getQueryState(methodKeys.summary())?.isInvalidated, users: client.getQueryState(userKeys.departments())?.isInvalidated };
}

describe('a successful write', () => {
  it('leaves staleness to the live bridge while the socket is up', async () => {
    expect(await writeWhile('online')).toEqual({ methods: false, users: false });
  });

  it('makes the live queries stale itself while no event can come', async () => {
    expect(await writeWhile('offline')).toEqual({ methods: true, users: false });
    expect(await writeWhile('connecting')).toEqual({ methods: true, users: false });
  });
});
