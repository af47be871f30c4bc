import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { mswServer } from './msw-server';

// Lazy route chunks are transformed on first use; give the first find* of a file room for that.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no matchMedia; MUI's colour scheme and media queries need it.
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }));
afterAll(() => mswServer.close());

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
  window.localStorage.clear();
});
