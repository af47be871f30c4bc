import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { NotifierProvider } from '@/components/notifier';
import { schemeStorage } from './scheme-storage';
import { reducedMotionTheme, standardTheme } from './theme';

export function AppProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const shown = useMemo(
    () => (reduceMotion ? reducedMotionTheme() : standardTheme()),
    [reduceMotion],
  );
  return (
    <ThemeProvider
      theme={shown}
      defaultMode="system"
      storageManager={schemeStorage}
      disableTransitionOnChange
      noSsr
    >
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={client}>
        <NotifierProvider>{children}</NotifierProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
