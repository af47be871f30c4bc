import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';
import { operatorPassword } from '@/testing/test-console';

/** Live sessions in the console server's store. */
const sessions = (backend: TestBackend) =>
  backend.console.store.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();

describe('A session that ends on the server', () => {
  it('sends the operator to sign in at the next call, and back to the page they were on with its data', async () => {
    const backend = installTestBackend({ role: 'support' });
    const { user, router } = renderRoute('/users');
    await screen.findByRole('table', { name: 'Users' });

    // Ended server-side (expiry, or an admin removing it); the browser still holds its cookie.
    await backend.endSession();
    expect(await sessions(backend)).toEqual({ n: 0 });
    await user.click(screen.getByRole('link', { name: 'Groups' }));

    expect(await screen.findByText('Sign in with your operator account.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/groups');
    expect(screen.queryByRole('table', { name: 'Groups' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'test-support');
    await user.type(screen.getByLabelText('Password'), operatorPassword);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const groups = await screen.findByRole('table', { name: 'Groups' });
    expect(within(groups).getByText('Support Hub')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/groups');
    // A new session, made by the sign-in form through the console server.
    expect(await sessions(backend)).toEqual({ n: 1 });
  });
});
