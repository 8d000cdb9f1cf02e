import { createElement, lazy, type ComponentType } from 'react';

export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** Starts loading the component's module (once); resolves when it is ready. */
  preload: () => Promise<unknown>;
};

/**
 * `React.lazy` that can start loading before it renders and, once loaded, renders without
 * suspending. Suspending costs more than the download: React 19 holds a boundary's content back
 * until 300 ms after its fallback appeared (Suspense throttling), once per lazy level on the way
 * to a page.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(preload);

  function Preloadable(props: P) {
    // `loaded` is set before the lazy wrapper resolves, so a suspended render retries as `loaded`.
    return createElement(loaded ?? (Lazy as ComponentType<P>), props);
  }
  return Object.assign(Preloadable, { preload });
}
