import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useUrlParams } from './use-url-params';

function renderParams(path: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
  return renderHook(
    () => {
      const [params, update] = useUrlParams();
      return { params, update, location: useLocation() };
    },
    { wrapper },
  );
}

describe('the address’s parameters', () => {
  it('keeps both of two changes made before the screen shows the first', () => {
    const { result } = renderParams('/team-v2moms?q=lee&department=Sales');
    const { update } = result.current;
    act(() => {
      update((params) => params.delete('q'));
      update((params) => params.delete('department'));
      update((params) => params.set('status', 'completed'));
    });
    expect(result.current.location.search).toBe('?status=completed');
    expect(result.current.params.get('status')).toBe('completed');
  });

  it('changes the parameters in place: the path stays and the entry is replaced', () => {
    const { result } = renderParams('/tasks');
    act(() => result.current.update((params) => params.set('status', 'done')));
    expect(result.current.location).toMatchObject({ pathname: '/tasks', search: '?status=done' });
    act(() => result.current.update((params) => params.delete('status')));
    expect(result.current.location.search).toBe('');
  });

  it('starts from an address reached otherwise (a link, Back), not from one written before', () => {
    const first = renderParams('/items-list?tab=obstacles');
    act(() => first.result.current.update((params) => params.set('q', 'churn')));
    first.unmount();
    const { result } = renderParams('/items-list?tab=measures');
    act(() => result.current.update((params) => params.set('sort', 'owner')));
    expect(result.current.location.search).toBe('?tab=measures&sort=owner');
  });
});
