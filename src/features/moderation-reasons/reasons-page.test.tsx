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
    expect(await screen.findByText('Reason “Sexual or explicit content” saved.')).toBeInTheDocument();
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
    await user.click(await screen.findByRole('button', { name: 'Edit harassment' }));
    // The reason disappears on the service between loading and saving.
    await backend.call('DELETE', '/moderation/reasons/harassment');
    const name = await screen.findByRole('textbox', { name: /name/i });
    await user.type(name, ' (updated)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/not|exist|found/i);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('is read-only for support operators, with the reason', async () => {
    installTestBackend({ role: 'support' });
    renderRoute('/moderation/reasons');
    expect(await screen.findByRole('button', { name: 'Edit spam' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'New reason' })).toBeDisabled();
  });
});
