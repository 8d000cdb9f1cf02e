import { StrictMode } from 'react';
import { createStore } from 'jotai';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { createAppQueryClient } from './app/query-client';
import { AppRoutes, preloadRoute } from './app/router';
import { sessionQueryOptions } from './features/auth/api/get-session';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// Every route starts with the session check, and a signed-in one with the user: ask for both while
// the route's chunks download, rather than after the first render. The guard reports failures.
const store = createStore();
const queryClient = createAppQueryClient(store);
void queryClient
  .fetchQuery(sessionQueryOptions())
  .then(async ({ isAuthenticated }) => {
    if (!isAuthenticated) return;
    const { userQueryOptions } = await import('./lib/auth/get-user'); // comes with the signed-in routes
    await queryClient.prefetchQuery(userQueryOptions());
  })
  .catch(() => {});
// Rendering waits for the route's chunks (a failed load surfaces when React renders the route).
await preloadRoute(window.location.pathname).catch(() => {});

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
