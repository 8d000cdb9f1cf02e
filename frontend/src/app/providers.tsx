import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider, useAtomValue, createStore } from 'jotai';
import { useState, type ReactNode } from 'react';
import { AppThemeProvider } from '../lib/theme/app-theme-provider';
import { resolvedThemeAtom } from '../lib/theme/theme-atoms';
import { AppToaster } from '../lib/toast';
import { createAppQueryClient, type JotaiStore } from './query-client';

function ThemedToaster() {
  return <AppToaster theme={useAtomValue(resolvedThemeAtom)} />;
}

export interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own so every test starts clean. */
  queryClient?: QueryClient;
  store?: JotaiStore;
}

export function AppProviders({ children, queryClient, store }: AppProvidersProps) {
  const [atomStore] = useState(() => store ?? createStore());
  const [client] = useState(() => queryClient ?? createAppQueryClient(atomStore));
  return (
    <JotaiProvider store={atomStore}>
      <QueryClientProvider client={client}>
        <AppThemeProvider>
          {children}
          <ThemedToaster />
        </AppThemeProvider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
