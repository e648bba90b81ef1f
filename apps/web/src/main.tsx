import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installDrfMessages } from '@kontor/contract';
import { setSessionExpiredHandler } from '@/lib/api-client';
import { sessionQueryOptions } from '@/lib/current-user';
import { AppRouterProvider } from './app/app-router-provider';
import { AppProviders } from './app/providers';
import { prefetchFirstScreen } from './app/prefetch-first-screen';
import { createQueryClient } from './app/query-client';
import { createAppRouter, createSessionExpiredHandler } from './app/router';
import { initSentry } from './app/sentry';

void initSentry();
// A form's own check of a length or a format says what the API would (DRF's words).
installDrfMessages();

const queryClient = createQueryClient();
// Start-up's token refresh and user load (spec §2) are under way (public/session-boot.js); the
// StartupGate finds them under way or done. With a session, the first screen's list follows.
void prefetchFirstScreen(queryClient, window.location, queryClient.prefetchQuery(sessionQueryOptions()));
const router = createAppRouter();
setSessionExpiredHandler(createSessionExpiredHandler(router, queryClient));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <AppRouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
