import { afterEach, beforeEach, vi } from 'vitest';
import { resetTestEngine } from '../../server/proxy/test-support/test-store';

// Files share a worker (the node project does not isolate them): a `*.postgres.test.ts` file's
// engine does not carry over to the next one.
resetTestEngine();

// A test fails on any console.error / console.warn it triggers.
beforeEach(() => {
  for (const method of ['error', 'warn'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      throw new Error(`console.${method} called: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
});
