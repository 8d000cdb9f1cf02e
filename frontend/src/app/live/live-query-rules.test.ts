import { describe, expect, it } from 'vitest';
import { buildChangedEvent, buildMethod } from '../../../test/builders';
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
