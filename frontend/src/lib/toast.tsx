import { lazy, Suspense, useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'success' | 'warning' | 'destructive';

/** Toasts are a title, optionally with a message below it ('Title' / 'Message'). */
export interface ToastSpec {
  title: string;
  message?: string;
  variant?: ToastVariant;
}

// No screen shows a toast at first: the toasts' view and react-toastify load with the first one
// (docs/PERFORMANCE.md, "What a first visit downloads").
let loadingView: Promise<typeof import('./toast-view')> | undefined;
const loadView = () => (loadingView ??= import('./toast-view'));
const ToastView = lazy(loadView);

let viewWanted = false;
// react-toastify holds a toast asked for before its container mounts, but a second one, replacing
// it, was lost: toasts go out once the container is there.
let containerMounted: () => void = () => {};
const containerReady = new Promise<void>((resolve) => (containerMounted = resolve));
const viewWantedListeners = new Set<() => void>();
const subscribeViewWanted = (listener: () => void) => {
  viewWantedListeners.add(listener);
  return () => viewWantedListeners.delete(listener);
};

/** Shows a toast, replacing the one on screen (at most one shows, the newest). */
export function notify(spec: ToastSpec): void {
  if (!viewWanted) {
    viewWanted = true;
    for (const listener of viewWantedListeners) listener();
  }
  void Promise.all([loadView(), containerReady]).then(([view]) => view.showToast(spec));
}

/** The toasts' container, mounted once a toast has been asked for. */
export function AppToaster({ theme }: { theme: 'light' | 'dark' }) {
  const wanted = useSyncExternalStore(subscribeViewWanted, () => viewWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastView theme={theme} onMounted={containerMounted} />
    </Suspense>
  );
}
