import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mswServer } from '@/testing/msw-server';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';
import { exportSlot } from './export-store';
import { captureDownloads, csvRows, releaseDownloads, type Download } from './download-capture';
import { bigMessageId, storedCounts } from '../../../testing/message-helpers';

let downloads: Download[] = [];
beforeEach(() => {
  downloads = captureDownloads();
});
afterEach(() => {
  releaseDownloads();
  vi.useRealTimers();
});

const totalOf = (backend: TestBackend, id: string) =>
  [...storedCounts(backend, id).values()].reduce((a, b) => a + b, 0);

/** The reaction pages of message `id` that reached the service from `from` on, as their cursors. */
const cursorsAsked = (backend: TestBackend, id: string, from: number) =>
  backend.requests
    .slice(from)
    .filter((r) => r.method === 'GET' && r.path.startsWith(`/messages/${id}/reactions`))
    .map((r) => new URLSearchParams(r.path.split('?')[1] ?? '').get('id') ?? 'first page');

/** Stands in front of the service for the reaction pages asked with a cursor, as `answer` decides. */
function onCursorPages(answer: (n: number) => Promise<Response | undefined>) {
  let n = 0;
  mswServer.use(
    http.get('*/api/messages/:id/reactions', ({ request }) =>
      new URL(request.url).searchParams.has('id') ? answer((n += 1)) : undefined,
    ),
  );
}

describe('A reaction export that is interrupted', () => {
  it('waits out a 429 and goes on from its cursor, keeping the records read', async () => {
    const backend = installTestBackend({ role: 'support' });
    const id = bigMessageId(backend);
    const total = totalOf(backend, id);
    const pages = Math.ceil(total / 100);
    expect(pages).toBeGreaterThan(2);
    let limited = 0;
    // The last page is refused once, as a rate limit would.
    onCursorPages((n) => {
      if (n !== pages - 1) return Promise.resolve(undefined);
      limited += 1;
      return Promise.resolve(
        HttpResponse.json(
          { error: { code: 'ERR_TOO_MANY_REQUESTS', message: 'Too many requests.' } },
          { status: 429, headers: { 'Retry-After': '1' } },
        ),
      );
    });
    const { user } = renderRoute(`/messages/${id}`);
    const exportButton = await screen.findByRole('button', { name: 'Export CSV' });
    await screen.findAllByRole('listitem');
    const from = backend.requests.length;
    // Timers run as usual, and the test can skip the wait the rate limit asks for.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await user.click(exportButton);

    const dialog = await screen.findByRole('dialog', { name: 'Export all reactions to CSV' });
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Waiting 1 s (rate limited)…',
    );
    expect(
      within(dialog).getByText(`${(pages - 1) * 100} of ${total} reactions read`),
    ).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(1000);
    expect(await screen.findByText(`Exported ${total} reactions to CSV.`)).toBeInTheDocument();
    expect(limited).toBe(1);
    const asked = cursorsAsked(backend, id, from);
    expect(asked).toHaveLength(pages);
    expect(new Set(asked).size).toBe(pages);
    const rows = await csvRows(downloads[0]);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((row) => row.split(',')[0])).size).toBe(total);
  });

  it('offers to resume after a reload and reads only the pages it had not read', async () => {
    const backend = installTestBackend({ role: 'support' });
    const id = bigMessageId(backend);
    const total = totalOf(backend, id);
    let reloaded = false;
    const hung: string[] = [];
    // The second page never comes back before the reload: the tab goes away while it is asked.
    onCursorPages(async () => {
      if (reloaded) return undefined;
      hung.push('second page');
      await delay('infinite');
      return undefined;
    });
    const tab = renderRoute(`/messages/${id}`);
    const exportButton = await screen.findByRole('button', { name: 'Export CSV' });
    await screen.findAllByRole('listitem');
    await tab.user.click(exportButton);
    expect(await screen.findByText(`100 of ${total} reactions read`)).toBeInTheDocument();
    expect(hung).toHaveLength(1);

    tab.unmount();
    reloaded = true;
    const from = backend.requests.length;
    const { user } = renderRoute(`/messages/${id}`);
    const offer = await screen.findByRole('dialog', { name: 'Export all reactions to CSV' });
    expect(offer).toHaveTextContent(`was interrupted after 100 of ${total} records`);
    await user.click(within(offer).getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText(`Exported ${total} reactions to CSV.`)).toBeInTheDocument();

    const asked = cursorsAsked(backend, id, from);
    // The list's own first page; the export asks only for pages after the first.
    expect(asked.filter((cursor) => cursor === 'first page')).toHaveLength(1);
    expect(asked).toHaveLength(Math.ceil(total / 100));
    const rows = await csvRows(downloads[0]);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((row) => row.split(',')[0])).size).toBe(total);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('says it must start again when the tab could not keep the records', async () => {
    const backend = installTestBackend({ role: 'support' });
    const id = bigMessageId(backend);
    const total = totalOf(backend, id);
    exportSlot.write({
      subject: { kind: 'reactions', messageId: id, reaction: undefined },
      loaded: 300,
      position: null,
      startedAt: Date.now() - 60_000,
    });
    const { user } = renderRoute(`/messages/${id}`);
    const offer = await screen.findByRole('dialog', { name: 'Export all reactions to CSV' });
    expect(offer).toHaveTextContent(
      `was interrupted after 300 of ${total} records. They were too many to keep in this tab, so it must start again.`,
    );
    expect(within(offer).queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
    await user.click(within(offer).getByRole('button', { name: 'Start again' }));
    expect(await screen.findByText(`Exported ${total} reactions to CSV.`)).toBeInTheDocument();
    expect(await csvRows(downloads[0])).toHaveLength(total);
  });
});
