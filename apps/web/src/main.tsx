import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setSessionExpiredHandler } from '@/lib/api-client';
import { AppRouterProvider } from './app/app-router-provider';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter, createSessionExpiredHandler } from './app/router';
import { initSentry } from './app/sentry';

void initSentry();

const queryClient = createQueryClient();
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
