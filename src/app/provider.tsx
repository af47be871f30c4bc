import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { NotifierProvider } from '@/components/notifier';
import { schemeStorage } from './scheme-storage';
import { reducedMotionTheme, standardTheme } from './theme';

/**
 * What every page renders inside. `styles`: the style cache, when it must be one made after the
 * document was parsed (src/main.tsx); otherwise emotion's own, made when it is first imported.
 */
export function AppProvider({
  client,
  styles,
  children,
}: {
  client: QueryClient;
  styles?: EmotionCache;
  children: ReactNode;
}) {
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const shown = useMemo(
    () => (reduceMotion ? reducedMotionTheme() : standardTheme()),
    [reduceMotion],
  );
  const app = (
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
  return styles ? <CacheProvider value={styles}>{app}</CacheProvider> : app;
}
