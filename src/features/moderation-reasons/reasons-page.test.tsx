import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installTestBackend } from '@/testing/test-backend';
import { renderRoute } from '@/testing/render';

async function reasonNameInStore(backend: ReturnType<typeof installTestBackend>, id: string) {
  const response = await backend.call('GET', `/moderation/reasons/${id}`);
  const body = (await response.json()) as { data: { name: string } };
  return body.data.name;
}

describe('Moderation reasons page', () => {
  it('lists the seeded reasons with a default badge and readable dates', async () => {
    installTestBackend({ role: 'moderator' });
    renderRoute('/moderation/reasons');
    const table = await screen.findByRole('table', { name: 'Moderation reasons' });
    const spamRow = within(table).getByRole('row', { name: /^spam/ });
    expect(within(spamRow).getByText('Default')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /^harassment/ })).toBeInTheDocument();
    // Dates are shown as dates, never as epoch numbers.
    expect(within(spamRow).queryByText(/^\d{9,}$/)).not.toBeInTheDocument();
    expect(spamRow.querySelector('time')?.getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('edits a reason name and the service stores it', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const { user } = renderRoute('/moderation/reasons');
    await user.click(await screen.findByRole('button', { name: 'Edit sexual' }));
    const name = await screen.findByRole('textbox', { name: /name/i });
    await user.clear(name);
    await user.type(name, '  Sexual or explicit content  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Reason “Sexual or explicit content” saved.'),
    ).toBeInTheDocument();
    expect(await reasonNameInStore(backend, 'sexual')).toBe('Sexual or explicit content');
    const table = screen.getByRole('table', { name: 'Moderation reasons' });
    expect(within(table).getByText('Sexual or explicit content')).toBeInTheDocument();
  });

  it('refuses an empty or 101-character name next to the field and sends nothing', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const { user } = renderRoute('/moderation/reasons');
    await user.click(await screen.findByRole('button', { name: 'Edit spam' }));
    const name = await screen.findByRole('textbox', { name: /name/i });
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await user.type(name, 'x'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name must be at most 100 characters')).toBeInTheDocument();
    expect(backend.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(await reasonNameInStore(backend, 'spam')).not.toBe('x'.repeat(101));
  });

  it('shows the service error in plain words when saving fails', async () => {
    const backend = installTestBackend({ role: 'admin' });
    const { user } = renderRoute('/moderation/reasons');
    await user.click(await screen.findByRole('button', { name: 'Edit scam' }));
    // The reason disappears on the service between loading and saving.
    expect((await backend.call('DELETE', '/moderation/reasons/scam')).status).toBe(200);
    const name = await screen.findByRole('textbox', { name: /name/i });
    await user.type(name, ' (updated)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/does not exist|not found/i);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('is read-only for support operators, with the reason', async () => {
    installTestBackend({ role: 'support' });
    renderRoute('/moderation/reasons');
    expect(await screen.findByRole('button', { name: 'Edit spam' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'New reason' })).toBeDisabled();
  });
});

describe('Creating and deleting reasons', () => {
  it('creates a reason with id rules checked before sending', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const { user } = renderRoute('/moderation/reasons');
    await user.click(await screen.findByRole('button', { name: 'New reason' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /^id/i }), 'Bad Id!');
    await user.type(within(dialog).getByRole('textbox', { name: /^name/i }), 'Impersonation');
    await user.click(within(dialog).getByRole('button', { name: 'Create reason' }));
    expect(
      await within(dialog).findByText('Only letters, digits, "_" and "-"'),
    ).toBeInTheDocument();
    expect(backend.requests.filter((r) => r.method === 'POST')).toEqual([]);
    const id = within(dialog).getByRole('textbox', { name: /^id/i });
    await user.clear(id);
    await user.type(id, 'impersonation');
    await user.click(within(dialog).getByRole('button', { name: 'Create reason' }));
    expect(await screen.findByText('Reason “Impersonation” created.')).toBeInTheDocument();
    const stored = await backend.call('GET', '/moderation/reasons/impersonation');
    expect(stored.status).toBe(200);
  });

  it('deletes a custom reason after a confirm; default reasons cannot be deleted', async () => {
    const backend = installTestBackend({ role: 'admin' });
    const { user } = renderRoute('/moderation/reasons');
    expect(await screen.findByRole('button', { name: 'Delete spam' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Delete off-topic' }));
    const dialog = await screen.findByRole('dialog', { name: /delete reason/i });
    expect(dialog).toHaveTextContent('off-topic');
    await user.click(within(dialog).getByRole('button', { name: 'Delete reason' }));
    expect(await screen.findByText('Reason “Off-topic” deleted.')).toBeInTheDocument();
    expect((await backend.call('GET', '/moderation/reasons/off-topic')).status).toBe(404);
  });
});

describe('Leaving with a half-filled reason', () => {
  it('asks first, keeps the input on Stay, and leaves on Leave and discard', async () => {
    installTestBackend({ role: 'moderator' });
    const { user, router } = renderRoute('/moderation/reasons');
    await user.click(await screen.findByRole('button', { name: 'New reason' }));
    const form = await screen.findByRole('dialog', { name: 'New moderation reason' });
    await user.type(within(form).getByRole('textbox', { name: /^Id/ }), 'doxxing');

    // The browser's back button, say: the router asks first.
    void router.navigate('/groups');
    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(ask).toHaveTextContent('The new reason you are writing will be lost.');
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/moderation/reasons');
    expect(within(form).getByRole('textbox', { name: /^Id/ })).toHaveValue('doxxing');

    void router.navigate('/groups');
    await user.click(await screen.findByRole('button', { name: 'Leave and discard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Groups' })).toBeInTheDocument();
  });
});
