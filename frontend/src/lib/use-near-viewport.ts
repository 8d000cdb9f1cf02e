import { useEffect, useRef, useState } from 'react';

/**
 * Whether the element has come near the viewport (within `ahead`, a root margin), or `now` asked
 * for it at once; true from then on. Without IntersectionObserver it is true from the start.
 * Focus or a screen reader's reading moving there scrolls the place in, which makes it near too.
 */
export function useNearViewport<T extends Element>(ahead: string, now = false) {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => now || typeof IntersectionObserver === 'undefined');
  const reached = near || now;

  useEffect(() => {
    const node = ref.current;
    if (reached || !node) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: ahead });
    observer.observe(node);
    return () => observer.disconnect();
  }, [reached, ahead]);

  return { ref, near: reached };
}
