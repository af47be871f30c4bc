import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';

interface Entity {
  entity: { uid?: string; guid?: string; name: string };
}
interface Listed {
  data: {
    id: string;
    sender: string;
    receiver: string;
    receiverType: string;
    flaggedBy?: unknown[];
    data: { text?: string; entities: { sender: Entity; receiver: Entity } };
  }[];
}

/** The pending flag three users reported: a message to a group. */
async function reportedByThree(backend: TestBackend) {
  const body = (await (await backend.call('GET', '/moderation/flagged-messages')).json()) as Listed;
  const item = body.data.find((flag) => flag.flaggedBy?.length === 3)!;
  expect(item.receiverType).toBe('group');
  return item;
}

const isBanned = (backend: TestBackend, guid: string, uid: string) =>
  backend.store.db
    .prepare('SELECT count(*) FROM group_bans WHERE guid = ? AND uid = ?')
    .pluck()
    .get(guid, uid) === 1;

describe('A flagged item in context', () => {
  it('shows the conversation around it, its flags and visibility, and bans its sender from the group, audited', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const item = await reportedByThree(backend);
    const senderName = item.data.entities.sender.entity.name;
    const groupName = item.data.entities.receiver.entity.name;
    const { user } = renderRoute('/moderation/flagged');
    const list = await screen.findByRole('listbox', { name: 'Flagged messages' });
    await user.click(within(list).getByRole('option', { name: /Flagged by 3 users/ }));

    const panel = screen.getByRole('complementary', { name: 'Conversation context' });
    const around = await within(panel).findByRole('list', {
      name: 'Messages around the flagged one',
    });
    const current = within(around)
      .getAllByRole('listitem')
      .find((line) => line.getAttribute('aria-current') === 'true');
    expect(current).toHaveTextContent(item.data.text!);
    const flags = within(panel).getByRole('region', { name: `Flags on message ${item.id}` });
    expect(flags).toHaveTextContent('Yes, it is still visible');
    expect(flags).toHaveTextContent('Third time this week');

    const sender = within(panel).getByRole('region', { name: `Sender ${senderName}` });
    await user.click(within(sender).getByRole('button', { name: `Ban from ${groupName}` }));
    const dialog = await screen.findByRole('dialog', {
      name: `Ban ${senderName} from ${groupName}?`,
    });
    await user.click(within(dialog).getByRole('textbox', { name: /^Reason/ }));
    await user.paste('Harassment reported three times');
    await user.click(within(dialog).getByRole('button', { name: `Ban from ${groupName}` }));
    expect(await within(sender).findByText(/banned from/)).toBeInTheDocument();
    expect(isBanned(backend, item.receiver, item.sender)).toBe(true);
    const rows = await backend.console.store.db
      .selectFrom('audit')
      .select(['targets', 'reason', 'outcome'])
      .where('action', '=', 'bans.add')
      .execute();
    expect(rows).toEqual([
      {
        targets: JSON.stringify({ guid: item.receiver, uid: item.sender }),
        reason: 'Harassment reported three times',
        outcome: 'ok',
      },
    ]);
  });
});
