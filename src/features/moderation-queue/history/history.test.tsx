import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@/api/schemas/console';
import { mswServer } from '@/testing/msw-server';
import { renderRoute } from '@/testing/render';
import { installTestBackend } from '@/testing/test-backend';
import { documentedImageItem } from '../../../testing/documented-items';

const entry = (id: number, fields: Partial<AuditEntry>): AuditEntry => ({
  id,
  at: '2026-11-21T10:00:00.000Z',
  requestId: `req-${id}`,
  operator: 'mo',
  role: 'moderator',
  action: 'blocked.review',
  operation: 'PATCH /moderation/blocked-messages/{messageId}',
  targets: { messageId: '192' },
  onBehalfOf: null,
  reason: null,
  status: 200,
  upstreamStatus: 200,
  outcome: 'ok',
  detail: null,
  durationMs: 12,
  repeatCount: 1,
  client: null,
  note: null,
  reasonId: null,
  ...fields,
});

/**
 * Audit rows of every outcome, crafted here in place of the console server's own trail; the queries
 * of the operator-actions list are kept (not the reviewed flags' read of who decided them).
 */
function serveAudit(entries: AuditEntry[]) {
  const queries: URLSearchParams[] = [];
  mswServer.use(
    http.get('*/console/audit', ({ request }) => {
      const query = new URL(request.url).searchParams;
      if (query.get('operation') !== 'flagged.review') queries.push(query);
      return HttpResponse.json({
        data: entries,
        meta: {
          pagination: {
            total: entries.length,
            count: entries.length,
            per_page: 25,
            current_page: 1,
            total_pages: 1,
          },
        },
      });
    }),
  );
  return queries;
}

describe('Blocked messages history', () => {
  it('shows a decision taken in the queue, with who took it from the audit trail', async () => {
    installTestBackend({ role: 'moderator' });
    serveAudit([entry(1, { targets: { messageId: '192', status: 'approved' } })]);
    const { user } = renderRoute('/moderation/blocked');
    const list = await screen.findByRole('listbox', { name: 'Blocked messages' });
    list.focus();
    await user.keyboard('a{Enter}');
    expect(await screen.findByText(/^Approved message 192/)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'History' }));
    const approved = await screen.findByRole('table', { name: 'Approved messages' });
    const row = within(approved).getByRole('row', { name: /ring me 020 7946 0958 after six/ });
    expect(row).toHaveTextContent('Approved');
    const actions = await screen.findByRole('table', {
      name: 'Operator actions on blocked messages',
    });
    expect(within(actions).getByRole('row', { name: /mo/ })).toBeInTheDocument();
  });

  it('lists the reviewed messages under their decision, from the bare reviewed list', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    serveAudit([]);
    await backend.call('PATCH', '/moderation/blocked-messages/192', { status: 'approved' });
    await backend.call('PATCH', '/moderation/blocked-messages/187', {
      status: 'rejected',
      reviewed: true,
    });
    await backend.call('DELETE', '/messages/182', { permanent: false });
    await backend.call('PATCH', '/moderation/blocked-messages/182', {
      status: 'rejected',
      reviewed: true,
    });
    const { user } = renderRoute('/moderation/blocked?view=history');

    const listed = (await (await backend.call('GET', '/moderation/reviewed-messages')).json()) as {
      data: { message: { data: { moderation: { status: string } } }; flaggedBy?: unknown }[];
    };
    // Decided flags are listed too; this history shows the blocked messages.
    const count = (status: string) =>
      listed.data.filter(
        (item) => item.flaggedBy === undefined && item.message.data.moderation.status === status,
      ).length;

    const approved = await screen.findByRole('table', { name: 'Approved messages' });
    expect(within(approved).getAllByRole('row').slice(1)).toHaveLength(count('approved'));
    expect(within(approved).getByRole('row', { name: /id 192/ })).toHaveTextContent(
      /ring me 020 7946 0958 after six.*Approved/,
    );
    expect(within(approved).queryByRole('row', { name: /id 187/ })).not.toBeInTheDocument();
    expect(
      screen.getByText(
        `${count('approved')} approved of the ${listed.data.length} reviewed messages the service answered.`,
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Decision' }));
    await user.click(await screen.findByRole('option', { name: 'Rejected or deleted' }));
    const rejected = await screen.findByRole('table', { name: 'Rejected or deleted messages' });
    expect(within(rejected).getAllByRole('row').slice(1)).toHaveLength(count('disapproved'));
    expect(within(rejected).getByRole('row', { name: /id 187/ })).toHaveTextContent('Rejected');
    expect(within(rejected).getByRole('row', { name: /id 182/ })).toHaveTextContent('Deleted');
    expect(within(rejected).queryByRole('row', { name: /id 192/ })).not.toBeInTheDocument();
    // The service documents no parameter of its reviewed list: none is sent.
    const reads = backend.requests
      .filter((r) => r.path.startsWith('/moderation/reviewed-messages'))
      .map((r) => r.path);
    expect(reads.length).toBeGreaterThan(0);
    expect(new Set(reads)).toEqual(new Set(['/moderation/reviewed-messages']));
  });

  it('shows a reviewed item it cannot read as an unsupported row beside the others', async () => {
    installTestBackend({ role: 'moderator' });
    serveAudit([]);
    const approvedItem = {
      ...documentedImageItem,
      message: {
        ...documentedImageItem.message,
        data: { ...documentedImageItem.message.data, moderation: { status: 'approved' } },
      },
    };
    const { message: _dropped, ...withoutMessage } = documentedImageItem;
    mswServer.use(
      http.get('*/api/moderation/reviewed-messages', () =>
        HttpResponse.json({
          data: [approvedItem, withoutMessage],
          meta: { current: { limit: 50, count: 2 } },
        }),
      ),
    );
    renderRoute('/moderation/blocked?view=history');
    const approved = await screen.findByRole('table', { name: 'Approved messages' });
    expect(within(approved).getByRole('row', { name: /download\.jpeg.*id 65/ })).toHaveTextContent(
      'Approved',
    );
    const odd = screen.getByRole('region', { name: 'Unsupported items' });
    expect(odd).toHaveTextContent('1 reviewed message of this answer could not be shown.');
  });

  it('tells support operators that the audit trail is not theirs to read', async () => {
    installTestBackend({ role: 'support' });
    const { user } = renderRoute('/moderation/blocked');
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    expect(await screen.findByText(/only admins and moderators can read/)).toBeInTheDocument();
  });

  it('lists operator actions from the audit trail for admins, filterable by action and operator', async () => {
    installTestBackend({ role: 'admin' });
    const queries = serveAudit([
      entry(2, { targets: { messageId: '187', status: 'rejected' } }),
      entry(1, {
        operator: 'ada',
        outcome: 'refused',
        status: 404,
        upstreamStatus: 404,
        detail: 'not found',
        targets: { messageId: '5' },
      }),
    ]);
    const { user, router } = renderRoute('/moderation/blocked?view=history');
    const table = await screen.findByRole('table', {
      name: 'Operator actions on blocked messages',
    });
    expect(within(table).getByRole('row', { name: /Message 187/ })).toHaveTextContent(
      /mo.*Rejected.*Done \(200\)/,
    );
    expect(within(table).getByRole('row', { name: /Message 5/ })).toHaveTextContent(
      /ada.*Approved or rejected.*Refused by the chat service \(404\): not found/,
    );
    expect(queries.at(-1)?.get('operation')).toBe('blocked.review');

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Deletions' }));
    await user.type(screen.getByRole('textbox', { name: 'Operator' }), 'mo');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(router.state.location.search).toBe('?view=history&act=delete&by=mo');
    await screen.findByRole('table', { name: 'Operator actions on blocked messages' });
    expect(queries.at(-1)?.get('operation')).toBe('messages.delete');
    expect(queries.at(-1)?.get('operator')).toBe('mo');
  });
});
