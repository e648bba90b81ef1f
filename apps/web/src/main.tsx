import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setSessionExpiredHandler } from '@/lib/api-client';
import { sessionQueryOptions } from '@/lib/current-user';
import { AppRouterProvider } from './app/app-router-provider';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter, createSessionExpiredHandler } from './app/router';
import { initSentry } from './app/sentry';

void initSentry();

const queryClient = createQueryClient();
// Start-up's token refresh and user load (spec §2) start now, while the router is still
// fetching the first screen's chunks; the StartupGate then finds them under way or done.
void queryClient.prefetchQuery(sessionQueryOptions());
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
