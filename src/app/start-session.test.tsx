import { CacheProvider } from '@emotion/react';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStyleCache } from '@/testing/style-cache';
import { mswServer } from '@/testing/msw-server';
import { installTestBackend } from '@/testing/test-backend';
import { App } from './app';
import { createQueryClient } from './query-client';
import { routes } from './router';
import { startSession } from './start-session';

/** Boots the app as main.tsx does, on a document whose HTML carries `session` (or says nothing). */
function boot(path: string, session?: string) {
  if (session !== undefined) {
    const tag = document.createElement('script');
    tag.type = 'application/json';
    tag.id = 'console-session';
    tag.textContent = session;
    document.head.append(tag);
  }
  const client = createQueryClient({ retryTransient: false });
  startSession(client);
  render(
    <CacheProvider value={renderStyleCache()}>
      <App router={createMemoryRouter(routes, { initialEntries: [path] })} client={client} />
    </CacheProvider>,
  );
}

/** The session requests the page makes. */
function sessionRequests(): string[] {
  const seen: string[] = [];
  mswServer.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === '/auth/me') seen.push(request.url);
  });
  return seen;
}

afterEach(() => {
  document.getElementById('console-session')?.remove();
  mswServer.events.removeAllListeners();
});

describe('the session the HTML carries', () => {
  it('shows the shell for that operator without asking who is signed in', async () => {
    installTestBackend({ role: 'support' });
    const asked = sessionRequests();
    boot('/users', '{"username":"test-support","role":"support"}');
    expect(await screen.findByTestId('operator')).toHaveTextContent('test-support · support');
    await screen.findByRole('table', { name: 'Users' });
    expect(screen.queryByRole('link', { name: 'Operators' })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('sends a signed-out page to sign in without asking', async () => {
    installTestBackend({ role: 'support' });
    const asked = sessionRequests();
    boot('/users', 'null');
    expect(await screen.findByText('Sign in with your operator account.')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('asks when the page does not say, or says something that is not a session', async () => {
    for (const session of [undefined, '{"username":"test-support","role":"owner"}']) {
      installTestBackend({ role: 'support' });
      const asked = sessionRequests();
      boot('/users', session);
      expect(await screen.findByTestId('operator')).toHaveTextContent('test-support · support');
      expect(asked).toHaveLength(1);
      document.getElementById('console-session')?.remove();
      mswServer.events.removeAllListeners();
      cleanup();
    }
  });
});
