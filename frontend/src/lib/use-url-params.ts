import { useCallback, useLayoutEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

/**
 * The address's query parameters as last written or shown. The router shows a new address in a
 * transition, so until that commits the screen on show (and its handlers) still holds the address
 * before; a change started from it would put back what the change just before took away. There is
 * one address, so one value, kept by every screen that reads it.
 */
let latest = new URLSearchParams();

/**
 * The address's query parameters, and a change to them in place (the entry replaced, the path
 * kept) that starts from the parameters as last written: two changes in a row, or one from a
 * screen still showing the address before, each keep the other's.
 */
export function useUrlParams(): [URLSearchParams, (change: (params: URLSearchParams) => void) => void] {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    latest = searchParams;
  }, [searchParams]);
  const update = useCallback(
    (change: (params: URLSearchParams) => void) => {
      const next = new URLSearchParams(latest);
      change(next);
      latest = next;
      void navigate({ search: `?${next.toString()}` }, { replace: true });
    },
    [navigate],
  );
  return [searchParams, update];
}
