import { screen, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mswServer } from '@/testing/msw-server';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';
import {
  captureDownloads,
  csvRows,
  readText,
  releaseDownloads,
  type Download,
} from '../export/download-capture';

let downloads: Download[] = [];
beforeEach(() => {
  downloads = captureDownloads();
});
afterEach(releaseDownloads);

/** The ids the service finds for `query`, newest first, read straight from it (up to 1000). */
const foundIds = async (backend: TestBackend, query: string) =>
  (
    (await (await backend.call('GET', `/messages?${query}&limit=1000`)).json()) as {
      data: { id: number | string }[];
    }
  ).data.map((message) => String(message.id));

/** The export's pages that reached the service from request `from` on, as their cursors. */
const exportPages = (backend: TestBackend, from: number) =>
  backend.requests
    .slice(from)
    .filter(
      (r) => r.method === 'GET' && r.path.startsWith('/messages?') && r.path.includes('limit=100'),
    )
    .map((r) => new URLSearchParams(r.path.split('?')[1] ?? '').get('id') ?? 'first page');

const openResults = async (path: string) => {
  const view = renderRoute(path);
  const table = await screen.findByRole('table', { name: 'Search results' }, { timeout: 10_000 });
  await within(table).findAllByRole('link', { name: /^Message / });
  return view;
};

// Each test renders the Messages page against the real console server and emulator.
describe('Exporting search results to CSV', { timeout: 30_000 }, () => {
  it('downloads every message the search finds, across pages, newest first', async () => {
    const backend = installTestBackend({ role: 'support' });
    const expected = await foundIds(backend, 'sender=olivia-bennett');
    expect(expected.length).toBeGreaterThan(1);
    const { user } = await openResults('/messages?sender=olivia-bennett');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(
      await screen.findByText(`Exported ${expected.length} messages to CSV.`, undefined, {
        timeout: 10_000,
      }),
    ).toBeInTheDocument();
    expect(downloads.map((download) => download.name)).toEqual(['message-search.csv']);
    const text = (await readText(downloads[0]?.blob ?? new Blob())).replace(/^\uFEFF/, '');
    expect(text.split('\r\n')[0]).toBe(
      'id,sentAt,sentAtUnix,sender,senderName,receiver,receiverType,conversationId,category,type,content,deletedAt',
    );
    const rows = await csvRows(downloads[0]);
    expect(rows.map((row) => row.split(',')[0])).toEqual(expected);
    for (const row of rows) expect(row.split(',')[3]).toBe('olivia-bennett');
  });

  it('offers to resume after a reload and reads only the pages it had not read', async () => {
    const backend = installTestBackend({ role: 'support' });
    const expected = await foundIds(backend, 'category=message');
    expect(expected.length).toBeGreaterThan(100);
    let reloaded = false;
    // The export's second page never comes back before the reload.
    mswServer.use(
      http.get('*/api/messages', async ({ request }) => {
        const query = new URL(request.url).searchParams;
        if (reloaded || query.get('limit') !== '100' || !query.has('id')) return undefined;
        await delay('infinite');
        return undefined;
      }),
    );
    const tab = await openResults('/messages?category=message');
    await tab.user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const running = await screen.findByRole('dialog', { name: 'Export the messages found to CSV' });
    expect(await within(running).findByText('100 messages read')).toBeInTheDocument();

    tab.unmount();
    reloaded = true;
    const from = backend.requests.length;
    const { user } = renderRoute('/messages?category=message');
    const offer = await screen.findByRole(
      'dialog',
      { name: 'Export the messages found to CSV' },
      { timeout: 10_000 },
    );
    expect(offer).toHaveTextContent('was interrupted after 100 records');
    await user.click(within(offer).getByRole('button', { name: 'Resume' }));
    expect(
      await screen.findByText(`Exported ${expected.length} messages to CSV.`, undefined, {
        timeout: 10_000,
      }),
    ).toBeInTheDocument();
    const asked = exportPages(backend, from);
    expect(asked).not.toContain('first page');
    expect(asked).toHaveLength(Math.ceil(expected.length / 100) - 1);
    const rows = await csvRows(downloads[0]);
    expect(rows.map((row) => row.split(',')[0])).toEqual(expected);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('does not offer another search’s export', async () => {
    const backend = installTestBackend({ role: 'support' });
    await backend.ready;
    window.sessionStorage.setItem(
      'chat-console:export',
      JSON.stringify({
        version: 2,
        subject: { kind: 'messages', search: 'category=message' },
        loaded: 0,
        after: null,
        rows: null,
        startedAt: Date.now(),
      }),
    );
    await openResults('/messages?sender=olivia-bennett');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    window.sessionStorage.clear();
  });
});
