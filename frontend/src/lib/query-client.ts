import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, describeError } from './api-client';
import { shareById } from './structural-sharing';
import { notify, type ToastSpec } from './toast';

/**
 * How a query or mutation reports itself. Every toast about data comes from here:
 * `errorToast: false` silences a call whose screen shows its own error state.
 */
interface AppRequestMeta extends Record<string, unknown> {
  errorToast?: false | ((error: unknown) => ToastSpec);
  /** A function when the answer decides what to say (a save that landed only in part warns). */
  successToast?: ToastSpec | ((data: unknown) => ToastSpec);
  /** A 401 is an ordinary answer here (a wrong password), not a sign that the session ended. */
  expectsUnauthorized?: boolean;
  /**
   * The 30 s polling of lists and documents. The live bridge runs it only while the socket is down
   * (docs/PRODUCT.md#offline-polling): while connected, pushed changes keep the data fresh.
   */
  pollWhileOffline?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppRequestMeta;
    mutationMeta: AppRequestMeta;
  }
}

function toastError(error: unknown, meta: AppRequestMeta | undefined): void {
  if (meta?.errorToast === false) return;
  const spec = meta?.errorToast?.(error) ?? { title: 'Error', message: describeError(error) };
  notify({ variant: 'destructive', ...spec });
}

export interface QueryClientOptions {
  /** Called when any request answers 401: the session has ended under us. */
  onUnauthorized?: () => void;
  /**
   * Called after every successful write. Mutations only put their answer in the cache; what a
   * write makes stale is the live bridge's call, so this is where the app covers the time no
   * event can come (docs/PRODUCT.md#offline-polling).
   */
  onWritten?: () => void;
}

/**
 * Data is never stale, never refetched on focus, never retried; polling is the live bridge's
 * fallback for queries marked `pollWhileOffline` (docs/PRODUCT.md#offline-polling).
 */
export function createQueryClient({ onUnauthorized, onWritten }: QueryClientOptions = {}): QueryClient {
  const handleUnauthorized = (error: unknown, meta: AppRequestMeta | undefined) => {
    if (meta?.expectsUnauthorized) return;
    if (error instanceof ApiError && error.status === 401) onUnauthorized?.();
  };

  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        handleUnauthorized(error, query.meta);
        toastError(error, query.meta);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        handleUnauthorized(error, mutation.meta);
        toastError(error, mutation.meta);
      },
      onSuccess: (data, _variables, _context, mutation) => {
        const toast = mutation.meta?.successToast;
        const spec = typeof toast === 'function' ? toast(data) : toast;
        if (spec) notify({ variant: 'success', ...spec });
        onWritten?.();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        retry: false,
        // A refetch after a live change keeps every unchanged row's identity, even when rows move.
        structuralSharing: shareById,
      },
      mutations: { retry: false },
    },
  });
}
