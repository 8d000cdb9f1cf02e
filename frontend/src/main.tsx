import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createStore } from 'jotai';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { createAppQueryClient } from './app/query-client';
import { AppRoutes, preloadRoute } from './app/router';
import { whoIsSignedIn } from './features/auth/api/who-is-signed-in';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// Every route starts by asking who is signed in, before the route's chunks rather than after the
// first render: the answer is usually here already (index.html preloads it), ahead of the chunks'
// twenty-odd requests, which would otherwise hold it in the browser's queue (six connections per
// host on HTTP/1.1). The guard reports failures.
// The first date formatting loads the browser's locale data (about 40 ms on a slow machine): done
// while the session check is on the network rather than inside the first render with data.
setTimeout(() => new Intl.DateTimeFormat().resolvedOptions(), 0);

const store = createStore();
const queryClient = createAppQueryClient(store);
const signedIn = await whoIsSignedIn(queryClient);
// Rendering waits for the route's chunks (a failed load surfaces when React renders the route);
// a signed-in page's data is asked for before them, not after that render.
await preloadRoute(window.location.pathname, signedIn ? queryClient : null, window.location.search).catch(() => {});

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
