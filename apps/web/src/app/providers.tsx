import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SnackbarProvider } from '@/components/snackbar-provider';
import { theme } from './theme';

/**
 * Emotion's style cache without its default vendor-prefixing pass: the browsers Kontor supports
 * read the standard properties, and prefixing each new rule is a good part of what inserting a
 * screen's styles costs when it first shows (DESIGN §9). Exported for the web tests, which empty
 * it between test files (src/test/setup.ts).
 */
export const styleCache = createCache({ key: 'css', stylisPlugins: [] });

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <CacheProvider value={styleCache}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <SnackbarProvider>{children}</SnackbarProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </CacheProvider>
  );
}
