import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mswServer } from '@/testing/msw-server';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';

interface Listed {
  data: { message: { id: string; data: { moderation?: { status?: string } } } }[];
}

const statusOf = async (backend: TestBackend, id: string) => {
  const body = (await (
    await backend.call('GET', '/moderation/reviewed-messages')
  ).json()) as Listed;
  return body.data.find((item) => item.message.id === id)?.message.data.moderation?.status;
};

/**
 * The console's answer when a decision was sent and no answer came back in time; `apply` decides
 * whether the service had taken it first.
 */
function timeOutDecisions(backend: TestBackend, apply: boolean, only?: string) {
  mswServer.use(
    http.patch('*/api/moderation/blocked-messages/:id', async ({ request, params }) => {
      // Other items go on to the console server as usual.
      if (only !== undefined && params.id !== only) return undefined;
      if (apply)
        await backend.call(
          'PATCH',
          `/moderation/blocked-messages/${String(params.id)}`,
          await request.json(),
        );
      return HttpResponse.json(
        {
          error: {
            code: 'CONSOLE_UPSTREAM_TIMEOUT',
            message: 'The chat service did not answer in time.',
            details: { outcome: 'unknown' },
          },
        },
        { status: 504 },
      );
    }),
  );
}

async function approveFirst() {
  const view = renderRoute('/moderation/blocked');
  const list = await screen.findByRole('listbox', { name: 'Blocked messages' });
  list.focus();
  await view.user.keyboard('a');
  await screen.findByRole('dialog', { name: 'Approve and deliver this message?' });
  await view.user.keyboard('{Enter}');
  const note = await screen.findByText(
    /^Unknown — the service may have applied it; check before retrying\./,
  );
  return { ...view, list, note };
}

describe('a decision whose answer never came', () => {
  it('says the outcome is unknown, and Check now finds it applied and takes it out of the queue', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    timeOutDecisions(backend, true);
    const { list, note, user } = await approveFirst();
    expect(note).toHaveTextContent(
      /approve message 192 from Chloé Martin: The chat service did not answer in time/,
    );
    expect(screen.queryByText(/back in the queue/)).not.toBeInTheDocument();
    expect(await statusOf(backend, '192')).toBe('approved');

    await user.click(screen.getByRole('button', { name: 'Check now' }));
    expect(
      await screen.findByText(
        'Checked: message 192 from Chloé Martin is approved. It was delivered to Ethan Brooks.',
      ),
    ).toBeInTheDocument();
    expect(
      within(list).queryByRole('option', { name: /^Chloé Martin to Ethan Brooks/ }),
    ).not.toBeInTheDocument();
  });

  it('finds a decision that did not go through, and leaves the item in the queue to decide again', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    timeOutDecisions(backend, false);
    const { list, user } = await approveFirst();
    await user.click(screen.getByRole('button', { name: 'Check now' }));
    expect(
      await screen.findByText(
        'Checked: message 192 from Chloé Martin was not approved; it is still in the queue and can be approved again.',
      ),
    ).toBeInTheDocument();
    expect(await statusOf(backend, '192')).toBeUndefined();
    expect(
      within(list).getByRole('option', { name: /^Chloé Martin to Ethan Brooks/ }),
    ).toBeInTheDocument();
  });

  it('counts a bulk item whose answer never came as unknown, not failed, and checks it on request', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    timeOutDecisions(backend, true, '187');
    const { user } = renderRoute('/moderation/blocked');
    const list = await screen.findByRole('listbox', { name: 'Blocked messages' });
    list.focus();
    await user.keyboard('xjx');
    await user.click(screen.getByRole('button', { name: 'Approve 2 selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve and deliver 2 messages?' });
    await user.click(
      within(dialog).getByRole('button', { name: 'Approve and deliver 2 messages' }),
    );
    const report = (await screen.findByText('1 approved, 1 unknown.')).closest('[role="alert"]');
    expect(report).toHaveTextContent(
      /Unknown — the service may have applied it; check before retrying\..*message 187 from Ethan Brooks/,
    );
    expect(report).not.toHaveTextContent(/back in the queue/);
    expect(within(list).queryAllByRole('option', { selected: true })).toHaveLength(0);

    await user.click(within(report as HTMLElement).getByRole('button', { name: 'Check now' }));
    expect(
      await screen.findByText(
        'Checked 1: 1 already decided, 0 not approved (selected, ready to retry).',
      ),
    ).toBeInTheDocument();
    expect(await statusOf(backend, '187')).toBe('approved');
    expect(within(list).queryByRole('option', { name: /^Ethan Brooks/ })).not.toBeInTheDocument();
  });
});
