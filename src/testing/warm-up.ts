import { act, cleanup, screen } from '@testing-library/react';
import { mswServer } from './msw-server';
import { renderRoute } from './render';
import { removeRenderedStyles } from './style-cache';
import { installTestBackend } from './test-backend';

// Every module a page can load lazily: the route modules and what they import on demand (dialogs,
// drawers, pickers).
const lazyModules = import.meta.glob([
  '../app/**/*.tsx',
  '../features/**/*.tsx',
  '../components/**/*.tsx',
  '!../**/*.test.tsx',
]);

/** A few pages that together use most of the shared components, each with what shows it is loaded. */
const pages: [path: string, loaded: () => Promise<unknown>][] = [
  ['/', () => screen.findByRole('region', { name: 'Blocked messages' })],
  ['/moderation/blocked', () => screen.findByRole('listbox', { name: 'Blocked messages' })],
  ['/users', () => screen.findByRole('table', { name: 'Users' })],
];

// Well within the hook's 10 s whatever the machine's load: the pages are only a head start.
const renderBudgetMs = 4000;

async function renderPagesOnce(started: number): Promise<void> {
  if (performance.now() - started > renderBudgetMs) return;
  installTestBackend({ role: 'admin' });
  const { router } = renderRoute('/');
  for (const [path, loaded] of pages) {
    if (performance.now() - started > renderBudgetMs) break;
    await act(() => router.navigate(path));
    // Best effort: a page that does not load here is reported by its own tests.
    await loaded().catch(() => undefined);
  }
  cleanup();
  mswServer.resetHandlers();
  removeRenderedStyles();
}

let warmed: Promise<void> | undefined;

/**
 * Once per worker, before its first test: imports every page module (their first transform stays out
 * of the tests' waits; the dom project does not isolate files, so later files find them cached), then
 * renders a few pages so that the first test of a worker does not pay alone for everything React, MUI
 * and jsdom do the first time. A module that fails to load fails only the tests that use it.
 */
export function warmUp(): Promise<void> {
  const started = performance.now();
  warmed ??= Promise.allSettled(Object.values(lazyModules).map((load) => load())).then(() =>
    renderPagesOnce(started),
  );
  return warmed;
}
