import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'success' | 'warning' | 'destructive';

/** Toasts are a title, optionally with a message below it ('Title' / 'Message'). */
export interface ToastSpec {
  title: string;
  message?: string;
  variant?: ToastVariant;
}

export const SWIPE_DISMISS_PX = 50;
const TOAST_WIDTH_PX = 360; // --toastify-toast-width in the global style
const FULL_WIDTH_TOASTS_BELOW_PX = 480; // react-toastify's own breakpoint: toasts span the viewport

/**
 * react-toastify measures its swipe threshold as a percentage of the toast's width, so the
 * 50 px swipe becomes 50 / width: 13.9 % of a 360 px toast, 13.9 % of a 360 px-wide phone.
 */
export function swipeThresholdPercent(viewportWidth: number): number {
  const toastWidth = viewportWidth <= FULL_WIDTH_TOASTS_BELOW_PX ? viewportWidth : TOAST_WIDTH_PX;
  return Math.min(100, (SWIPE_DISMISS_PX / Math.max(toastWidth, 1)) * 100);
}

const loadToaster = () => import('./toaster');
const Toaster = lazy(loadToaster);

/** Whether a toast was asked for yet: the toaster's chunk is downloaded with the first one. */
let toastAsked = false;
const askListeners = new Set<() => void>();
const subscribeToAsk = (listener: () => void) => {
  askListeners.add(listener);
  return () => askListeners.delete(listener);
};
const wasToastAsked = () => toastAsked;
/**
 * The toasters on screen. A toast shows if the toaster that was on screen when it was asked for
 * still is: one asked for by an app that has gone by the time react-toastify arrives is dropped.
 */
const toastersShown = new Set<object>();

/**
 * Shows a toast, replacing the one on screen (at most one shows, the newest). The first one loads
 * react-toastify (lib/toaster.tsx), which holds a toast until its container is on screen.
 */
export function notify(spec: ToastSpec): void {
  if (!toastAsked) {
    toastAsked = true;
    askListeners.forEach((listener) => listener());
  }
  const askedOf = [...toastersShown];
  void loadToaster().then(({ showToast }) => {
    if (askedOf.some((toaster) => toastersShown.has(toaster))) showToast(spec);
  });
}

/** The toasts' region, on screen from the first toast on (lib/toaster.tsx). */
export function AppToaster({ theme }: { theme: 'light' | 'dark' }) {
  const asked = useSyncExternalStore(subscribeToAsk, wasToastAsked);
  useEffect(() => {
    const toaster = {};
    toastersShown.add(toaster);
    return () => {
      toastersShown.delete(toaster);
      // A toast waiting for its container (asked for before it came) goes with the app that asked.
      if (toastAsked && toastersShown.size === 0) void loadToaster().then(({ dropWaitingToasts }) => dropWaitingToasts());
    };
  }, []);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme={theme} />
    </Suspense>
  );
}
