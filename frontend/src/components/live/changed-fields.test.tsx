import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecentChange } from '../../lib/live/recent-changes';
import { useChangedFields } from './changed-fields';

const change: RecentChange = { actor: { id: 7, name: 'Logan Lee', active: true }, operation: 'updated', serial: 1 };

describe('useChangedFields', () => {
  it('names the fields that differ from when the change was announced, until the change expires', () => {
    const { result, rerender } = renderHook(({ values, recent }) => useChangedFields(values, recent), {
      initialProps: { values: { status: 'in_progress', measure: '2x' }, recent: undefined as RecentChange | undefined },
    });
    expect([...result.current]).toEqual([]);

    // The event comes first (the row not yet in the cache), then the row.
    rerender({ values: { status: 'in_progress', measure: '2x' }, recent: change });
    expect([...result.current]).toEqual([]);
    rerender({ values: { status: 'at_risk', measure: '2x' }, recent: change });
    expect([...result.current]).toEqual(['status']);

    rerender({ values: { status: 'at_risk', measure: '2x' }, recent: undefined });
    expect([...result.current]).toEqual([]);
  });
});
