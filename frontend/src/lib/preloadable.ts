import { createElement, lazy, useEffect, useState, type ComponentType } from 'react';

export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** Starts loading the component's module (once); resolves when it is ready. */
  preload: () => Promise<unknown>;
  /** Whether the module has loaded, so the component renders without suspending. */
  isLoaded: () => boolean;
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
  return Object.assign(Preloadable, { preload, isLoaded: () => loaded !== undefined });
}

/**
 * Whether `component` may render: its module is loaded once `wanted` (a dialog opened, a mark to
 * show). Until then the caller renders nothing rather than suspending, which would hold the part
 * back 300 ms after it arrived (see `preloadable`).
 */
export function useLoadedOnDemand(component: Pick<PreloadableComponent<object>, 'preload' | 'isLoaded'>, wanted: boolean): boolean {
  const [loaded, setLoaded] = useState(component.isLoaded);
  useEffect(() => {
    if (!wanted || loaded) return;
    let current = true;
    void component.preload().then(() => {
      if (current) setLoaded(true);
    });
    return () => {
      current = false;
    };
  }, [component, wanted, loaded]);
  return loaded || component.isLoaded();
}
