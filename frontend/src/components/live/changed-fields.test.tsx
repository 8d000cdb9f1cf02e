import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecentChange } from '../../lib/live/recent-changes';
import { useChangedFields } from './changed-fields';

const change: RecentChange = { actor: { id: 7, name: 'Logan Lee', active: true }, operation: 'updated', serial: 1, version: 2 };

describe('useChangedFields', () => {
  it('names the fields that differ from when the change was announced, until the change expires', () => {
    const { result, rerender } = renderHook(({ values, version, recent }) => useChangedFields(values, version, recent), {
      initialProps: { values: { status: 'in_progress', measure: '2x' }, version: 1, recent: undefined as RecentChange | undefined },
    });
    expect([...result.current]).toEqual([]);

    // The event comes first (the row not yet in the cache), then the row.
    rerender({ values: { status: 'in_progress', measure: '2x' }, version: 1, recent: change });
    expect([...result.current]).toEqual([]);
    rerender({ values: { status: 'at_risk', measure: '2x' }, version: 2, recent: change });
    expect([...result.current]).toEqual(['status']);

    rerender({ values: { status: 'at_risk', measure: '2x' }, version: 2, recent: undefined });
    expect([...result.current]).toEqual([]);
  });

  it('names them also when a refetch brought the row before its event: against what the version before showed', () => {
    const { result, rerender } = renderHook(({ values, version, recent }) => useChangedFields(values, version, recent), {
      initialProps: { values: { status: 'in_progress', measure: '2x' }, version: 1, recent: undefined as RecentChange | undefined },
    });
    // The values of one version can change on their own (another quarter chosen): the latest are the "before".
    rerender({ values: { status: 'in_progress', measure: '3x' }, version: 1, recent: undefined });
    rerender({ values: { status: 'at_risk', measure: '3x' }, version: 2, recent: undefined });
    expect([...result.current]).toEqual([]);

    rerender({ values: { status: 'at_risk', measure: '3x' }, version: 2, recent: change });
    expect([...result.current]).toEqual(['status']);
  });
});
