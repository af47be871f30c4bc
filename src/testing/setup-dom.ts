import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import * as React from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { sessionGate } from '@/api/session-gate';
import { mswServer } from './msw-server';
import { quietRetries } from './quiet-retries';
import { removeRenderedStyles } from './style-cache';
import { warmUp } from './warm-up';

// jsdom has no matchMedia; MUI's colour scheme and media queries need it. The tests browse as an
// operator who asked for reduced motion: dialogs and menus come and go at once instead of after their
// transitions (the e2e journeys in a real browser keep them).
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string) => ({
    matches: query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// React's development build records where each element was created (an Error and a console task per
// element) to name its owner in warnings, up to 10,000 per render; that was a tenth of this project's
// time. A test fails on any warning anyway, and the component stack still names where it came from.
const reactInternals = (React as unknown as Record<string, object | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (reactInternals) {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', {
    get: () => Number.POSITIVE_INFINITY,
    set: () => undefined,
  });
}

quietRetries();

beforeAll(async () => {
  mswServer.listen({ onUnhandledRequest: 'error' });
  await warmUp();
});
afterAll(() => {
  mswServer.close();
  removeRenderedStyles();
});

// A test fails on any console.error / console.warn it triggers.
beforeEach(() => {
  for (const method of ['error', 'warn'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      throw new Error(`console.${method} called: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  cleanup();
  mswServer.resetHandlers();
  vi.restoreAllMocks();
  // Files share one window (the dom project does not isolate them): nothing stored carries over.
  window.localStorage.clear();
  window.sessionStorage.clear();
  // Nor does a session the page knew of, nor calls waiting for a sign-in.
  sessionGate.signedOut();
});
