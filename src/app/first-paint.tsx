import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { matchPath, StaticRouter } from 'react-router';
import { sessionQueries } from '@/api/queries/session';
import type { Session } from '@/api/schemas/session';
import { PageHeader } from '@/components/page-header';
import { headingOf } from '@/config/page-headings';
import { pageFor, shellPages } from '@/config/pages';
import { ShellFrame } from './layout/shell-frame';
import { standardTheme } from './theme';

/**
 * The signed-in shell as HTML, for the console server to send inside `#root`, and its styles to go
 * before it: the app bar, the navigation for the operator's role with the page's link current, and
 * the page's heading when the path alone tells it. Drawn by the same components as the SPA's, so the
 * browser paints it before any script has run; the SPA replaces it with the same boxes once the
 * page is ready. Until then it is inert: shown, but not clickable, focusable or read out.
 */
export function renderFirstPaint(pathname: string, session: Session): FirstPaint | undefined {
  const page = pageFor(pathname);
  const match = shellPages.find((p) => p.page === page);
  if (!match) return undefined;
  const params =
    matchPath({ path: match.path, caseSensitive: true, end: true }, pathname)?.params ?? {};
  const heading = headingOf(page, {
    params,
    username: session.username,
    role: session.role,
  });
  const client = new QueryClient();
  client.setQueryData(sessionQueries.current().queryKey, session);
  const html = renderToString(
    <ThemeProvider theme={standardTheme()} defaultMode="system" disableTransitionOnChange>
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={client}>
        <StaticRouter location={pathname}>
          {/* Inert: nothing here answers a click or a key, and assistive technology waits for the page. */}
          <Box inert sx={{ display: 'flex', minHeight: '100vh' }}>
            <ShellFrame>{heading ? <PageHeader {...heading} /> : null}</ShellFrame>
          </Box>
        </StaticRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return splitStyles(html);
}

const styleTag = /<style data-emotion="([^"]*)">([^<]*)<\/style>/g;

/** The markup for `#root`, and its styles, to go before `#root`. */
export interface FirstPaint {
  styles: string;
  markup: string;
}

/**
 * Emotion writes each style beside the first element that uses it. They go before `#root` instead,
 * the global ones (the theme's variables, the baseline) first: the SPA's first render replaces what
 * is inside `#root`, and its style cache adopts these as they are (marked `data-s`, so it leaves them
 * where they are instead of moving each into the head, which restyles the whole page).
 */
function splitStyles(html: string): FirstPaint {
  const globals: string[] = [];
  const rules: string[] = [];
  const markup = html.replace(styleTag, (_tag, key: string, css: string) => {
    const dark = systemDark(css);
    const tag = `<style data-emotion="${key}" data-s="">${css}</style>`;
    // After the rules it overrides, as emotion writes the `.dark` rules after the others.
    (key.startsWith('css-global ') ? globals : rules).push(
      dark ? `${tag}<style>${dark}</style>` : tag,
    );
    return '';
  });
  return { styles: [...globals, ...rules].join(''), markup };
}

/**
 * The rules of the dark scheme (selectors with `.dark`, the class the SPA puts on `<html>`) again for
 * a browser whose system prefers dark, so the first paint comes in the scheme the SPA will show when
 * the operator has not picked one. A pick of their own is on `<html>` already (server/proxy/http/html-page.ts).
 */
function systemDark(css: string): string {
  const rules = [...css.matchAll(/(?:^|\})([^{}@]*\.dark\b[^{}]*)\{([^{}]*)\}/g)].map(
    ([, selector = '', body = '']) =>
      `${selector.replaceAll('.dark', ':root:not(.light)')}{${body}}`,
  );
  return rules.length === 0 ? '' : `@media (prefers-color-scheme: dark){${rules.join('')}}`;
}
