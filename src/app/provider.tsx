import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NotifierProvider } from '@/components/notifier';
import { theme } from './theme';

export function AppProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme} defaultMode="system" disableTransitionOnChange noSsr>
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={client}>
        <NotifierProvider>{children}</NotifierProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
