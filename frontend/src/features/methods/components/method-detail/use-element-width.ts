import { useLayoutEffect, useRef, useState } from 'react';

/** An element's content width in px, kept current as it resizes; `fallback` until measured (and where nothing measures). */
export function useElementWidth<E extends HTMLElement>(fallback: number) {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const measured = element.clientWidth;
      if (measured > 0) setWidth(Math.floor(measured));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
