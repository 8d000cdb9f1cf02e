import { Suspense, type ComponentType } from 'react';
import { preloadable } from '../lib/preloadable';
import { Skeleton } from './ui/skeleton';

export interface LazyEditor<P extends object> {
  /** The editor, its place held by a skeleton while its code loads. */
  Editor: ComponentType<P>;
  /** Spread on the Edit button that opens it: pointing at the button or focusing it starts the load. */
  preloadOn: { onPointerEnter: () => void; onFocus: () => void };
}

/**
 * An item's editor, loaded when an item is first edited or as its Edit button is pointed at or
 * focused: a screen whose first view shows no editor does not download one (docs/PERFORMANCE.md,
 * "What a first visit downloads").
 */
export function lazyEditor<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyEditor<P> {
  const Loaded = preloadable(load);
  const preload = () => void Loaded.preload();
  function Editor(props: P) {
    return (
      <Suspense fallback={<Skeleton $height="160px" />}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return { Editor, preloadOn: { onPointerEnter: preload, onFocus: preload } };
}
