import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { mswServer } from '@/testing/msw-server';
import { renderRoute } from '@/testing/render';
import { installTestBackend } from '@/testing/test-backend';
import { bigMessageId, storedCounts } from '../../../testing/message-helpers';

describe('Message detail: reactions inspector', () => {
  it('shows one chip per reaction whose counts match the stored records', async () => {
    const backend = installTestBackend({ role: 'support' });
    const id = bigMessageId(backend);
    renderRoute(`/messages/${id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: `Message ${id}` }),
    ).toBeInTheDocument();
    const summary = await screen.findByRole('group', { name: 'Reactions summary' });
    const counts = storedCounts(backend, id);
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(300);
    expect(
      within(summary).getByRole('button', { name: `All ${total.toLocaleString()} reactions` }),
    ).toHaveAttribute('aria-pressed', 'true');
    for (const [reaction, count] of counts) {
      expect(
        within(summary).getByRole('button', {
          name: new RegExp(`^${escape(reaction)} ${count} reactions`),
        }),
      ).toBeInTheDocument();
    }
    expect(within(summary).getAllByRole('button')).toHaveLength(counts.size + 1);
    // The sender, the group and the text are there too.
    expect(screen.getByRole('region', { name: 'Sender' })).toHaveTextContent('Olivia Bennett');
    expect(screen.getByRole('region', { name: 'Receiver' })).toHaveTextContent('Support Hub');
    // The sender links to their overview; a group receiver does not.
    expect(
      within(screen.getByRole('region', { name: 'Sender' })).getByRole('link', {
        name: 'Olivia Bennett',
      }),
    ).toHaveAttribute('href', expect.stringMatching(/^\/users\//));
    expect(
      within(screen.getByRole('region', { name: 'Receiver' })).queryByRole('link'),
    ).not.toBeInTheDocument();
  });

  it('asks for the reaction records with the message, not once the message has arrived', async () => {
    const backend = installTestBackend({ role: 'support' });
    const id = bigMessageId(backend);
    // The message's answer is held back, as a slow service would: the records must not wait for it.
    let answer = () => undefined as void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    mswServer.use(
      http.get(`*/api/messages/${id}`, async () => {
        await held;
        return backend.callConsole('GET', `/api/messages/${id}`);
      }),
    );
    renderRoute(`/messages/${id}`);
    await waitFor(() =>
      expect(backend.requests.map((r) => r.path)).toContain(`/messages/${id}/reactions`),
    );
    expect(backend.requests.map((r) => r.path)).not.toContain(`/messages/${id}`);
    answer();
    const list = await screen.findByRole('region', { name: 'Reaction records' });
    expect((await within(list).findAllByRole('listitem')).length).toBeGreaterThan(3);
    // One read of the records: the list shows what was asked for with the message.
    expect(backend.requests.filter((r) => r.path === `/messages/${id}/reactions`)).toHaveLength(1);
  });

  it('lists only the reactors of one emoji when its chip is selected', async () => {
    const backend = installTestBackend({ role: 'support' });
    const id = bigMessageId(backend);
    const { user, router } = renderRoute(`/messages/${id}`);
    const summary = await screen.findByRole('group', { name: 'Reactions summary' });
    await user.click(within(summary).getByRole('button', { name: /^❤️ \d+ reactions/ }));
    const list = await screen.findByRole('region', { name: 'Reaction records for ❤️' });
    const rows = await within(list).findAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) expect(row).toHaveTextContent('❤️');
    expect(within(list).queryByText('😂')).not.toBeInTheDocument();
    // The reaction is one encoded path segment, and the selection is in the URL.
    expect(backend.requests.map((r) => r.path)).toContain(
      // No page size: the service documents none; only the answer's own cursor goes back.
      `/messages/${id}/reactions/%E2%9D%A4%EF%B8%8F`,
    );
    expect(new URLSearchParams(router.state.location.search).get('reaction')).toBe('❤️');
  });

  it('keeps only a few rows of several hundred in the DOM', async () => {
    const backend = installTestBackend({ role: 'support' });
    const id = bigMessageId(backend);
    renderRoute(`/messages/${id}`);
    const list = await screen.findByRole('region', { name: 'Reaction records' });
    const rows = await within(list).findAllByRole('listitem');
    const total = [...storedCounts(backend, id).values()].reduce((a, b) => a + b, 0);
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(30);
    expect(rows.length * 10).toBeLessThan(total);
    expect(rows[0]).toHaveAttribute('aria-setsize', String(total));
    expect(
      await screen.findByText(`100 of ${total.toLocaleString()} reactions loaded`),
    ).toBeInTheDocument();
  });

  it('loads the next page when the list is scrolled near its end', async () => {
    const backend = installTestBackend({ role: 'support' });
    const id = bigMessageId(backend);
    renderRoute(`/messages/${id}`);
    const list = await screen.findByRole('region', { name: 'Reaction records' });
    await within(list).findAllByRole('listitem');
    const next = () =>
      backend.requests.filter(
        (r) => r.path.startsWith(`/messages/${id}/reactions?`) && r.path.includes('affix=append'),
      ).length;
    expect(next()).toBe(0);
    list.scrollTop = 70 * 60;
    fireEvent.scroll(list);
    await expect.poll(next).toBe(1);
    expect(await screen.findByText(/^200 of [\d,]+ reactions loaded/)).toBeInTheDocument();
    // The rows in the DOM are the ones around the scroll position, not the first ones.
    const rows = within(list).getAllByRole('listitem');
    expect(Number(rows[0]?.getAttribute('aria-posinset'))).toBeGreaterThan(50);
    expect(rows.length).toBeLessThan(30);
  });

  it('searches within the loaded records', async () => {
    const backend = installTestBackend({ role: 'support' });
    const { user } = renderRoute(`/messages/${bigMessageId(backend)}`);
    const list = await screen.findByRole('region', { name: 'Reaction records' });
    await within(list).findAllByRole('listitem');
    await user.type(screen.getByRole('searchbox', { name: 'Search loaded reactions' }), 'olivia');
    const rows = await within(list).findAllByRole('listitem');
    for (const row of rows) expect(row).toHaveTextContent(/Olivia/);
    expect(await screen.findByText(/matching of 100 loaded/)).toBeInTheDocument();
  });

  it('disables acting on behalf of users for support, with the reason', async () => {
    const backend = installTestBackend({ role: 'support' });
    renderRoute(`/messages/${bigMessageId(backend)}`);
    const react = await screen.findByRole('button', { name: 'React on behalf…' });
    expect(react).toBeDisabled();
    // The reason is the tooltip of the wrapper, so it is announced and shown on hover.
    expect(react.parentElement).toHaveAccessibleName(
      'Only admin or moderator operators can do this.',
    );
    expect(screen.getByRole('button', { name: 'Delete…' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Remove .* reaction$/ })).not.toBeInTheDocument();
  });

  it('says so when the message does not exist', async () => {
    installTestBackend({ role: 'support' });
    renderRoute('/messages/999999');
    expect(await screen.findByText('No message “999999”')).toBeInTheDocument();
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
