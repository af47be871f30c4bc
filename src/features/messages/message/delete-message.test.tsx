import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';

const plainMessage = (backend: TestBackend) =>
  String(
    backend.store.db
      .prepare(
        "SELECT id FROM messages WHERE deleted_at IS NULL AND moderation IS NULL AND category = 'message' ORDER BY id LIMIT 1",
      )
      .pluck()
      .get(),
  );

const deletedAt = (backend: TestBackend, id: string): unknown =>
  backend.store.db.prepare('SELECT deleted_at FROM messages WHERE id = ?').pluck().get(Number(id));

describe('Deleting a message', () => {
  it('lets a moderator soft delete, and says permanent deletion is for admins', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const id = plainMessage(backend);
    const { user } = renderRoute(`/messages/${id}`);
    await user.click(await screen.findByRole('button', { name: 'Delete…' }));
    const dialog = await screen.findByRole('dialog', { name: `Delete message ${id}?` });
    expect(within(dialog).getByRole('radio', { name: /^Delete permanently/ })).toBeDisabled();
    expect(
      within(dialog).getByText('Permanent deletion: Only admin operators can do this.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete message' }));
    expect(await screen.findByText(`Message ${id} deleted.`)).toBeInTheDocument();
    expect(deletedAt(backend, id)).toEqual(expect.any(Number));
    expect(backend.requests.find((r) => r.method === 'DELETE')).toEqual({
      method: 'DELETE',
      path: `/messages/${id}`,
      body: { permanent: false },
    });
    expect(await screen.findByText(/Users no longer see this message/)).toBeInTheDocument();
  });

  it('lets an admin delete permanently, then returns to the messages page', async () => {
    const backend = installTestBackend({ role: 'admin' });
    const id = plainMessage(backend);
    const { user, router } = renderRoute(`/messages/${id}`);
    await user.click(await screen.findByRole('button', { name: 'Delete…' }));
    const dialog = await screen.findByRole('dialog', { name: `Delete message ${id}?` });
    await user.click(within(dialog).getByRole('radio', { name: /^Delete permanently/ }));
    const confirm = await screen.findByRole('dialog', {
      name: `Permanently delete message ${id}?`,
    });
    expect(within(confirm).getByText(/This cannot be undone/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete permanently' }));
    expect(await screen.findByText(`Message ${id} permanently deleted.`)).toBeInTheDocument();
    await expect.poll(() => router.state.location.pathname).toBe('/messages');
    expect(
      backend.store.db.prepare('SELECT 1 FROM messages WHERE id = ?').get(Number(id)),
    ).toBeUndefined();
  });

  it('sends one DELETE and says it once on a double-click of the confirmation', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const id = plainMessage(backend);
    const { user } = renderRoute(`/messages/${id}`);
    await user.click(await screen.findByRole('button', { name: 'Delete…' }));
    const dialog = await screen.findByRole('dialog', { name: `Delete message ${id}?` });
    // Both clicks of a double-click arrive before the page can re-render, as in a browser.
    const confirm = within(dialog).getByRole('button', { name: 'Delete message' });
    fireEvent.click(confirm, { detail: 1 });
    fireEvent.click(confirm, { detail: 2 });
    expect(await screen.findByText(`Message ${id} deleted.`)).toBeInTheDocument();
    expect(backend.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect(screen.getAllByText(`Message ${id} deleted.`)).toHaveLength(1);
  });
});
