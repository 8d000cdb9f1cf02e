import { describe, expect, it } from 'vitest';
import { buildChangedEvent, buildMethod } from '../../../test/builders';
import { adminKeys } from '../../lib/query-keys/admin-keys';
import { methodKeys } from '../../lib/query-keys/method-keys';
import { judge, scopesOf } from './live-query-rules';

const methodDetailScope = (event: ReturnType<typeof buildChangedEvent>) =>
  scopesOf(event).find((scope) => scope.queryKey.join() === methodKeys.all.join() || scope.queryKey.join() === methodKeys.details().join())!;

describe('a method detail under live events', () => {
  const detail = buildMethod({ id: 10, v2momId: 3, description: 'Ship it', version: 5 });

  it('is current when it already holds the changed method at that version', () => {
    const event = buildChangedEvent({ entity: 'method', id: 10, version: 5, v2momId: 3 });
    expect(judge(detail, event, methodDetailScope(event))).toBe('current');
  });

  it('is refetched after a V2MOM change, even one whose id equals the method id', () => {
    const event = buildChangedEvent({ entity: 'v2mom', id: 10, version: 2, v2momId: 10 });
    expect(judge(detail, event, methodDetailScope(event))).toBe('stale');
  });
});

describe("Settings' People table under live events", () => {
  const peopleScope = (event: ReturnType<typeof buildChangedEvent>) => scopesOf(event).find((scope) => scope.queryKey.join() === adminKeys.userPages().join())!;
  const pages = { pages: [{ rows: [{ id: 4, version: 3 }], nextCursor: null }], pageParams: [null] };

  it('is current when its pages hold the person at that version: the administrator’s own write put it there', () => {
    const event = buildChangedEvent({ entity: 'user', id: 4, version: 3, v2momId: null });
    expect(judge(pages, event, peopleScope(event))).toBe('current');
  });

  it('is asked for again after another’s write to a person it holds, or a person it may now hold', () => {
    for (const event of [buildChangedEvent({ entity: 'user', id: 4, version: 4, v2momId: null }), buildChangedEvent({ entity: 'user', id: 9, version: 1, v2momId: null, operation: 'created' })]) {
      expect(judge(pages, event, peopleScope(event)), JSON.stringify(event.id)).toBe('stale');
    }
  });

  it('is asked for again after a department is renamed, whatever ids its rows have', () => {
    const event = buildChangedEvent({ entity: 'department', id: 4, version: 3, v2momId: null });
    expect(judge(pages, event, peopleScope(event))).toBe('stale');
  });
});
