import { useEffect, useRef, useState } from 'react';

/**
 * Whether the element has come near the viewport (within `ahead`, a root margin), the page has
 * been scrolled (the reader is on the way), or `now` asked for it at once; true from then on.
 * Focus or a screen reader's reading moving there scrolls the page too. Without
 * IntersectionObserver it is true from the start.
 */
export function useNearViewport<T extends Element>(ahead: string, now = false) {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => now || typeof IntersectionObserver === 'undefined');
  const reached = near || now;

  useEffect(() => {
    const node = ref.current;
    if (reached || !node) return;
    const reach = () => setNear(true);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) reach();
    }, { rootMargin: ahead });
    observer.observe(node);
    window.addEventListener('scroll', reach, { passive: true, once: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', reach);
    };
  }, [reached, ahead]);

  return { ref, near: reached };
}
