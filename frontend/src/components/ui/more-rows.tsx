import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import type { PagedList } from '../../lib/paged-list';
import { Button } from './button';

const Footer = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space[4]} 0;
`;

/** How far below the viewport the list's end may be when the next page is asked for. */
const AHEAD = '800px 0px';

/**
 * The end of a list the server pages: the next page is asked for as it nears the viewport, and a
 * button asks for it too (keyboards, a failed page, browsers without IntersectionObserver).
 * Nothing shows once the last page is in.
 */
export function MoreRows({ more, label }: { more: PagedList<unknown>['more']; label: string }) {
  const end = useRef<HTMLDivElement>(null);
  const { hasMore, loading, failed, load } = more;

  useEffect(() => {
    const node = end.current;
    if (!node || !hasMore || failed || typeof IntersectionObserver === 'undefined') return;
    // Observed afresh after each page: while the end stays near, the next page follows.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) load();
    }, { rootMargin: AHEAD });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, failed, loading, load]);

  if (!hasMore) return null;
  return (
    <Footer ref={end}>
      <Button type="button" onClick={load} disabled={loading} aria-label={`${failed ? 'Try again to load' : 'Load'} more ${label}`}>
        {loading ? 'Loading more...' : failed ? "Couldn't load more. Try again" : 'Load more'}
      </Button>
    </Footer>
  );
}
