let loading: Promise<typeof import('./live-bridge')> | undefined;

/**
 * The live bridge's chunk (it checks events with every row's zod schema), loaded once. A signed-in
 * page load asks for it after the page's own chunks (router.tsx), so it is evaluated while the
 * page's data is on the network rather than after the first render; the shell's socket waits for it.
 */
export function loadLiveBridge(): Promise<typeof import('./live-bridge')> {
  return (loading ??= import('./live-bridge'));
}
