import { CacheProvider } from '@emotion/react';
import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { Session } from '@/api/schemas/session';
import { NotifierProvider } from '@/components/notifier';
import { ShellFrame } from './layout/shell-frame';
import { createStyleCache } from './style-cache';
import { standardTheme } from './theme';

/** The markup for `#root` and the styles to go before it. */
export interface Drawn {
  styles: string;
  markup: string;
}

/**
 * `content` drawn inside the signed-in shell for the console server's first paint
 * (src/app/first-paint.tsx), at `location`: the shell from `frameOf`, the content in its own
 * render, without the styles the shell already has.
 */
export function drawInShell(
  session: Session,
  pattern: string,
  location: string,
  client: QueryClient,
  content: ReactNode,
): Drawn {
  const frame = frameOf(session, pattern, location, client);
  const inside = splitStyles(renderToString(inShell(client, location, content)), frame.keys);
  return {
    styles: frame.styles + inside.styles,
    markup: frame.before + inside.markup + frame.after,
  };
}

/**
 * What the SPA's components need around them (src/app/provider.tsx), at `location`. Styles are written
 * as the SPA writes them (createStyleCache), without the vendor prefixes that were a third of the
 * bytes the browser parses before its first paint. A style cache per render: each writes all it uses.
 */
const inShell = (client: QueryClient, location: string, children: ReactNode) => (
  <CacheProvider value={createStyleCache()}>
    <ThemeProvider theme={standardTheme()} defaultMode="system" disableTransitionOnChange>
      <QueryClientProvider client={client}>
        <NotifierProvider>
          <StaticRouter location={location}>{children}</StaticRouter>
        </NotifierProvider>
      </QueryClientProvider>
    </ThemeProvider>
  </CacheProvider>
);

/** The signed-in shell drawn around a page: its styles, and its markup before and after the page. */
interface Frame {
  styles: string;
  /** The emotion keys of its styles: the page's render leaves out what the shell's has. */
  keys: ReadonlySet<string>;
  before: string;
  after: string;
}

const pageSlot = '<div data-page-slot=""></div>';
const frames = new Map<string, Frame>();

/**
 * The shell (app bar, navigation, `main`) for an operator, drawn once for all the paths of a route:
 * the navigation's current link is a section's, the same for every path of one route (no link of the
 * navigation names a path's parameters). A hundred are kept.
 */
function frameOf(session: Session, pattern: string, location: string, client: QueryClient): Frame {
  const key = `${session.role}\n${session.username}\n${pattern}`;
  const kept = frames.get(key);
  if (kept) return kept;
  const { styles, markup, keys } = splitStyles(
    renderToString(
      inShell(
        client,
        location,
        <>
          <CssBaseline enableColorScheme />
          {/* Inert: nothing here answers a click or a key, and assistive technology waits for the page. */}
          <Box inert sx={{ display: 'flex', minHeight: '100vh' }}>
            <ShellFrame>
              <div data-page-slot="" />
            </ShellFrame>
          </Box>
        </>,
      ),
    ),
  );
  const at = markup.indexOf(pageSlot);
  if (at < 0) throw new Error('the shell lost its page slot');
  const frame = {
    styles,
    keys: new Set(keys),
    before: markup.slice(0, at),
    after: markup.slice(at + pageSlot.length),
  };
  if (frames.size >= 100) frames.delete(frames.keys().next().value ?? '');
  frames.set(key, frame);
  return frame;
}

const styleTag = /<style data-emotion="([^"]*)">([^<]*)<\/style>/g;

/**
 * Emotion writes each style beside the first element that uses it. They go before `#root` instead,
 * the global ones (the theme's variables, the baseline) first: the SPA's first render replaces what
 * is inside `#root`, and its style cache, finding these by their keys, inserts none of them again.
 * It moves them into the head once, when it starts; marked `data-s`, they skip the earlier move
 * emotion makes of styles it did not write.
 */
function splitStyles(
  html: string,
  skip: ReadonlySet<string> = new Set(),
): { styles: string; markup: string; keys: string[] } {
  const globals: string[] = [];
  const rules: string[] = [];
  const keys: string[] = [];
  const markup = html.replace(styleTag, (_tag, key: string, css: string) => {
    // Emotion's key is a hash of the rules: one already sent is the same rules.
    if (skip.has(key)) return '';
    keys.push(key);
    const dark = systemDark(css);
    const tag = `<style data-emotion="${key}" data-s="">${css}</style>`;
    // After the rules it overrides, as emotion writes the `.dark` rules after the others.
    (key.startsWith('css-global ') ? globals : rules).push(
      dark ? `${tag}<style>${dark}</style>` : tag,
    );
    return '';
  });
  return { styles: [...globals, ...rules].join(''), markup, keys };
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
