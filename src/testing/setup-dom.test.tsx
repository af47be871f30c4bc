import { readFileSync } from 'node:fs';
import { waitFor } from '@testing-library/react';
import { createElement, version as reactVersion } from 'react';
import { jsx } from 'react/jsx-runtime';
import { describe, expect, it } from 'vitest';
import { isRetrying } from './quiet-retries';

/**
 * setup-dom.ts speeds the component tests up through two private details of libraries (decision
 * 0020). These tests fail when an upgrade makes either stop working, and the version checks fail at
 * the next version of either library, so someone checks the details again before the upgrade lands.
 */
const debugStack = (element: unknown) => (element as { _debugStack?: unknown })._debugStack;
const dtlVersion = (
  JSON.parse(readFileSync('node_modules/@testing-library/dom/package.json', 'utf8')) as {
    version: string;
  }
).version;

describe('the speed-ups of setup-dom.ts', () => {
  it("leave React's owner stacks off: elements share their factory's one placeholder stack", () => {
    // jsx() and createElement() each have their own placeholder.
    for (const make of [() => jsx('div', {}), () => createElement('div')]) {
      const [first, second] = [make(), make()];
      expect(debugStack(first), 'React no longer records _debugStack').toBeDefined();
      expect(debugStack(second), 'a stack was recorded for each element').toBe(debugStack(first));
    }
  });

  it('know when Testing Library is trying a waitFor, and only then', async () => {
    let during = false;
    await waitFor(() => {
      during = isRetrying();
    });
    expect(during, 'Testing Library no longer sets _disableExpensiveErrorDiagnostics').toBe(true);
    expect(isRetrying()).toBe(false);
  });

  it('were checked on these versions of React and Testing Library (check again, then update)', () => {
    expect(reactVersion, 'React: recentlyCreatedOwnerStacks in its client internals').toBe(
      '19.3.1',
    );
    expect(dtlVersion, '@testing-library/dom: _disableExpensiveErrorDiagnostics').toBe('10.4.2');
  });
});
