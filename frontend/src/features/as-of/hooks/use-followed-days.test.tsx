import type { TFollowState } from '@v2mom/contracts';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { setClock } from '../../../../test/clock';
import { useAsOfDays } from './use-as-of-days';
import { useFollowedDays } from './use-followed-days';

const state = (asOf: string | null, compare: string | null): TFollowState => ({ quarter: 'q2', methodId: null, thread: null, asOf, compare });

function renderFollowing(initial: TFollowState | null, path = '/coo-view') {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
  return renderHook(
    ({ followed }: { followed: TFollowState | null }) => {
      const days = useAsOfDays('UTC');
      useFollowedDays(days, followed);
      return { days, search: useLocation().search };
    },
    { wrapper, initialProps: { followed: initial } },
  );
}

describe("following a presenter's days", () => {
  it("shows the presenter's day and comparison, in one change of the address, and today when they go back", () => {
    setClock('2026-12-09T12:00:00.000Z');
    const { result, rerender } = renderFollowing(null);
    expect(result.current.days.asOf).toBeNull();

    rerender({ followed: state('2026-12-02', '2026-11-25') });
    expect(result.current.days).toMatchObject({ asOf: '2026-12-02', compare: '2026-11-25' });
    expect(result.current.search).toBe('?asOf=2026-12-02&compare=2026-11-25');

    rerender({ followed: state(null, null) });
    expect(result.current.days).toMatchObject({ asOf: null, compare: null });
    expect(result.current.search).toBe('');
  });

  it('leaves the day alone while not following, and a day it cannot show does not loop', () => {
    setClock('2026-12-09T12:00:00.000Z');
    const { result, rerender } = renderFollowing(null, '/coo-view?asOf=2026-12-01');
    expect(result.current.days.asOf).toBe('2026-12-01');
    act(() => rerender({ followed: state('2099-01-01', null) }));
    expect(result.current.days.asOf).toBeNull();
  });
});
