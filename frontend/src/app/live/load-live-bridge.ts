let loading: Promise<typeof import('./live-bridge')> | undefined;

/**
 * The live bridge's chunk (it checks events with every row's zod schema), asked for once, by the
 * first event it applies (held-events.ts); a chunk that failed to load is asked for again next time.
 */
export function loadLiveBridge(): Promise<typeof import('./live-bridge')> {
  loading ??= import('./live-bridge').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
