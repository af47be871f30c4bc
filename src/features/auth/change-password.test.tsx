import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { installTestBackend } from '@/testing/test-backend';
import { operatorPassword, testHashCost } from '@/testing/test-console';
import { addOperator, findOperator } from '../../../server/proxy/auth/operators';
import { verifyPassword } from '../../../server/proxy/auth/passwords';

describe('Change password page', () => {
  it('asks for the current password when the operator changes their own', async () => {
    installTestBackend({ role: 'support' });
    const { user } = renderRoute('/change-password');
    expect(
      await screen.findByRole('heading', { name: 'Change your password' }),
    ).toBeInTheDocument();
    for (const [label, text] of [
      ['Current password', 'not my password at all'],
      ['New password', 'a brand new passphrase'],
      ['Repeat the new password', 'a brand new passphrase'],
    ] as const) {
      await user.click(screen.getByLabelText(label));
      await user.paste(text);
    }
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('The current password is wrong')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
      'The current password is wrong',
    );
  });

  it('holds an operator with an initial password until they choose their own, then goes on', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    await backend.ready;
    const store = backend.console.store;
    await addOperator(
      store,
      { username: 'zoe', role: 'moderator', password: operatorPassword },
      { hashCost: testHashCost, initialPassword: true },
    );
    await backend.signIn('zoe');
    const { user, router } = renderRoute('/messages');

    expect(
      await screen.findByRole('heading', { name: 'Choose your password' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/change-password');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    const password = screen.getByLabelText('New password');
    const repeat = screen.getByLabelText('Repeat the new password');
    const submit = screen.getByRole('button', { name: 'Set password' });
    const fill = async (first: string, second = first) => {
      for (const [field, text] of [
        [password, first],
        [repeat, second],
      ] as const) {
        await user.clear(field);
        await user.click(field);
        await user.paste(text);
      }
      await user.click(submit);
    };

    // Only the server knows the common passwords; its refusal shows next to the field all the same.
    await fill('PasswordPassword');
    expect(
      await screen.findByText('This is one of the 10,000 most common passwords; choose another'),
    ).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(
      'This is one of the 10,000 most common passwords; choose another',
    );
    expect((await findOperator(store, 'zoe'))?.mustChangePassword).toBe(true);
    expect(backend.requests).toEqual([]);

    await fill('a passphrase she chose');

    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/messages');
    const zoe = await findOperator(store, 'zoe');
    expect(zoe?.mustChangePassword).toBe(false);
    expect(await verifyPassword('a passphrase she chose', zoe?.passwordHash, testHashCost)).toBe(
      true,
    );
    // The same browser's calls now reach the service.
    expect((await backend.callConsole('GET', '/api/moderation/reasons')).status).toBe(200);
    expect(backend.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /moderation/reasons',
    ]);
  });

  it('says how the operator got in: set by an admin, or a one-time sign-in link', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    await backend.ready;
    await addOperator(
      backend.console.store,
      { username: 'zoe', role: 'moderator', password: operatorPassword },
      { hashCost: testHashCost, initialPassword: true },
    );
    await backend.signIn('zoe');
    const byLink = renderRoute('/change-password?from=sign-in-link');
    expect(
      await screen.findByText(
        'You signed in with a one-time sign-in link, zoe. Choose your password to continue; the link works only once.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/set by an admin/)).not.toBeInTheDocument();
    byLink.unmount();

    renderRoute('/change-password');
    expect(
      await screen.findByText(
        'The password you signed in with, zoe, was set by an admin. Choose your own to continue.',
      ),
    ).toBeInTheDocument();
  });
});
