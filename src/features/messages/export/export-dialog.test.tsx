import { screen, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mswServer } from '@/testing/msw-server';
import { renderRoute } from '@/testing/render';
import { installTestBackend } from '@/testing/test-backend';
import { captureDownloads, readText, releaseDownloads, type Download } from './download-capture';
import { bigMessageId, storedCounts, storedReactors } from '../../../testing/message-helpers';

let downloads: Download[] = [];
beforeEach(() => {
  downloads = captureDownloads();
});
afterEach(releaseDownloads);

describe('Exporting reactions to CSV', () => {
  it('pages through every record of the selected reaction and downloads them', async () => {
    const backend = installTestBackend({ role: 'support' });
    const id = bigMessageId(backend);
    const { user } = renderRoute(`/messages/${id}?reaction=${encodeURIComponent('👨‍👩‍👧')}`);
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exported 57 reactions to CSV.')).toBeInTheDocument();
    expect(downloads).toHaveLength(1);
    const [download] = downloads;
    expect(download?.name).toBe(`message-${id}-reactions-1f468-200d-1f469-200d-1f467.csv`);
    const text = await readText(download?.blob ?? new Blob());
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('id,messageId,reaction,uid,name,reactedAt,reactedAtUnix,lastActiveAt');
    const uids = lines.slice(1).map((line) => line.split(',')[3]);
    expect(uids).toEqual(storedReactors(backend, id, '👨‍👩‍👧'));
    for (const line of lines.slice(1)) expect(line.split(',')[2]).toBe('👨‍👩‍👧');
  });

  it('exports every reaction of the message across pages', async () => {
    const backend = installTestBackend({ role: 'support' });
    const id = bigMessageId(backend);
    const total = [...storedCounts(backend, id).values()].reduce((a, b) => a + b, 0);
    const { user } = renderRoute(`/messages/${id}`);
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(`Exported ${total} reactions to CSV.`)).toBeInTheDocument();
    const text = await readText(downloads[0]?.blob ?? new Blob());
    expect(text.trimEnd().split('\r\n')).toHaveLength(total + 1);
    const pages = backend.requests.filter((r) => /^\/messages\/\d+\/reactions(\?|$)/.test(r.path));
    // The list's own first page, then one request per 100 records for the export.
    expect(pages.length).toBeGreaterThanOrEqual(Math.ceil(total / 100) + 1);
    expect(pages.some((r) => r.path.includes('affix=append&id='))).toBe(true);
  });

  it('cancels a running export without downloading anything', async () => {
    const backend = installTestBackend({ role: 'support' });
    const id = bigMessageId(backend);
    const { user } = renderRoute(`/messages/${id}`);
    const exportButton = await screen.findByRole('button', { name: 'Export CSV' });
    await screen.findAllByRole('listitem');
    // From now on the service takes forever to answer a page.
    mswServer.use(http.get('*/api/messages/:id/reactions', () => delay('infinite')));
    await user.click(exportButton);
    const dialog = await screen.findByRole('dialog', { name: 'Export all reactions to CSV' });
    expect(within(dialog).getByRole('progressbar')).toBeInTheDocument();
    expect(within(dialog).getByText(/^0 of \d+ reactions read$/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText('Export cancelled; nothing was downloaded.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(downloads).toEqual([]);
  });
});
