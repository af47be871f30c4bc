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

const reasonIds = async (backend: TestBackend) => {
  const response = await backend.call('GET', '/moderation/reasons');
  const body = (await response.json()) as { data: { id: string }[] };
  return body.data.map((r) => r.id);
};

type User = ReturnType<typeof renderRoute>['user'];

async function signInInPlace(user: User, username: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
  const name = within(dialog).getByRole('textbox', { name: 'Username' });
  await user.clear(name);
  await user.type(name, username);
  await user.type(within(dialog).getByLabelText('Password'), operatorPassword);
  await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
}

/** Opens "New reason", fills it, ends the session server-side, then submits. */
async function createReasonAfterTheSessionEnds(backend: TestBackend) {
  const { user, router } = renderRoute('/moderation/reasons');
  await user.click(await screen.findByRole('button', { name: 'New reason' }));
  const form = await screen.findByRole('dialog', { name: 'New moderation reason' });
  await user.type(within(form).getByRole('textbox', { name: /^Id/ }), 'doxxing');
  await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Sharing private data');
  await backend.endSession();
  await user.click(within(form).getByRole('button', { name: 'Create reason' }));
  return { user, router, form };
}

describe('A session that ends on the server', () => {
  it('asks to sign in on the page itself at the next call, then shows what was asked for', async () => {
    const backend = installTestBackend({ role: 'support' });
    const { user, router } = renderRoute('/users');
    await screen.findByRole('table', { name: 'Users' });
    expect(screen.getByTestId('operator')).toHaveTextContent('test-support');

    // Ended server-side (expiry, or an admin removing it); the browser still holds its cookie.
    await backend.endSession();
    expect(await sessions(backend)).toEqual({ n: 0 });
    await user.click(screen.getByRole('link', { name: 'Groups' }));

    expect(
      await screen.findByRole('dialog', { name: 'Your session has ended' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/groups');
    expect(screen.getByTestId('operator')).toHaveTextContent('Signed out');
    expect(screen.queryByRole('table', { name: 'Groups' })).not.toBeInTheDocument();

    await signInInPlace(user, 'test-support');

    const groups = await screen.findByRole('table', { name: 'Groups' });
    expect(within(groups).getByText('Support Hub')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/groups');
    expect(
      screen.queryByRole('dialog', { name: 'Your session has ended' }),
    ).not.toBeInTheDocument();
    expect(screen.getByTestId('operator')).toHaveTextContent('test-support');
    // A new session, made by the sign-in dialog through the console server.
    expect(await sessions(backend)).toEqual({ n: 1 });
  });

  it('keeps a dialog’s typed values and sends its action once after signing in again', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const { user, form } = await createReasonAfterTheSessionEnds(backend);

    const ended = await screen.findByRole('dialog', { name: 'Your session has ended' });
    expect(ended).toHaveTextContent('What you asked for waits to be sent as test-moderator');
    expect(within(form).getByRole('textbox', { name: /^Name/, hidden: true })).toHaveValue(
      'Sharing private data',
    );
    expect(await reasonIds(backend)).not.toContain('doxxing');

    await signInInPlace(user, 'test-moderator');

    expect(await screen.findByText('Reason “Sharing private data” created.')).toBeInTheDocument();
    expect(backend.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(await reasonIds(backend)).toContain('doxxing');
  });

  it('does not send the action as another operator who signs in, and keeps what was typed', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const { user, form } = await createReasonAfterTheSessionEnds(backend);

    await signInInPlace(user, 'test-admin');

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Signed in as test-admin: this was started as test-moderator and was not sent.',
    );
    expect(within(form).getByRole('textbox', { name: /^Name/, hidden: true })).toHaveValue(
      'Sharing private data',
    );
    expect(screen.getByTestId('operator')).toHaveTextContent('test-admin');
    expect(backend.requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(await reasonIds(backend)).not.toContain('doxxing');
  });
});
