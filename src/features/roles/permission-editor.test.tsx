import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  group,
  openEditor,
  reportedBefore,
  row,
  section,
  writes,
} from '@/testing/permission-editor';
import { formatDateTime } from '@/utils/format';

// Reported values, saving and concurrent changes; the fields, resets and guards are in
// permission-editor-fields.test.tsx.

describe('Role permission editor', () => {
  it('shows every key as unknown with its default when the service never reported the role, and never claims default or not', async () => {
    const { backend, reports, user } = await openEditor('default');
    expect(screen.getByText(/no such answer was seen for this role yet/)).toBeInTheDocument();
    // The service holds initiateCall = deny (seed), but nothing reported it: the editor says it does not know.
    const call = section('Calls').getByRole('switch', { name: 'initiateCall' });
    expect(call).toHaveAccessibleDescription(
      /Unknown: the service does not report current values; the default is allow\.$/,
    );
    expect(section('Calls').getAllByText('Unknown').length).toBeGreaterThan(0);
    expect(screen.queryByText('Differs from default')).not.toBeInTheDocument();
    expect(screen.queryByText('Default')).not.toBeInTheDocument();
    expect(screen.queryByText(/differs? from default/)).not.toBeInTheDocument();
    expect(
      section('Calls').getByText('3 keys: 3 unknown (not reported by the service)'),
    ).toBeInTheDocument();

    // Reset works without knowing the value; the DELETE answer then reports the whole map.
    await user.click(
      section('Calls').getByRole('button', { name: 'Reset to default: initiateCall' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Reset initiateCall to its default?',
    });
    expect(dialog).toHaveTextContent(
      'Value on the service: unknown (not reported by the service). Default: allow.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reset to default' }));
    expect(
      await screen.findByText('initiateCall is back to its default (allow).'),
    ).toBeInTheDocument();
    expect(writes(backend)).toEqual([
      { method: 'DELETE', path: '/roles/default/permissions/initiateCall', body: undefined },
    ]);
    expect(reports.serviceMap('default').initiateCall).toBe('allow');
    expect(
      row('listUsers.mode').getByText(
        /Set to friends \(reported by the service on .+\)\. Default: all\.$/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Unknown')).not.toBeInTheDocument();
  });

  it('shows a reported key as set to its value, reported by the service on the date of the report', async () => {
    const at = Date.parse('2026-11-20T10:30:00Z');
    const { user } = await openEditor('default', 'admin', (_backend, reports) =>
      reports.report(
        'default',
        { initiateCall: 'deny', 'listUsers.mode': 'friends' },
        { at, by: 'ana' },
      ),
    );
    const date = formatDateTime(at / 1000);
    expect(
      screen.getByText(
        new RegExp(
          `Values as reported by the service on ${date}, in its answer to a change by ana\\.`,
        ),
      ),
    ).toBeInTheDocument();
    expect(
      section('Calls').getByRole('switch', { name: 'initiateCall' }),
    ).toHaveAccessibleDescription(
      `Whether users of this role may start calls. Set to deny (reported by the service on ${date}). Default: allow.`,
    );
    expect(section('Calls').getByRole('switch', { name: 'initiateCall' })).not.toBeChecked();
    expect(row('initiateCall').getByText('Differs from default')).toBeInTheDocument();
    // A key the reported map does not set holds its default: the role has no value of its own there.
    expect(
      section('Sending messages').getByRole('switch', { name: 'sendMessage' }),
    ).toHaveAccessibleDescription(
      `Whether users of this role may send messages. Set to allow (reported by the service on ${date}). Default: allow.`,
    );
    expect(row('sendMessage').getByText('Default')).toBeInTheDocument();
    expect(screen.queryByText('Unknown')).not.toBeInTheDocument();
    expect(
      section('Calls').getByText('3 keys: 1 differs from default as reported'),
    ).toBeInTheDocument();
    await user.click(section('Calls').getByRole('switch', { name: 'initiateCall' }));
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
  });

  it('saves only the keys the operator changed, an unknown key set to its default included, then shows the reported map', async () => {
    const { backend, reports, user } = await openEditor('default');
    await user.click(section('Sending messages').getByRole('switch', { name: 'sendMessage' }));
    const types = group('Sending messages', 'sendMessage.allowedMessageTypes');
    for (const type of ['text', 'image'])
      await user.click(types.getByRole('checkbox', { name: type }));
    // Toggled away and back: the operator set it explicitly, to its default.
    const edit = section('Editing and deleting').getByRole('switch', { name: 'editMessage' });
    await user.click(edit);
    await user.click(edit);
    await user.click(
      section('Groups').getByRole('button', { name: 'Include in save: createGroup' }),
    );
    expect(screen.getByText('4 unsaved changes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Review and save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save 4 changes to role “default”?' });
    const rows = within(
      within(dialog).getByRole('table', { name: 'Changes to save' }),
    ).getAllByRole('row');
    expect(rows.slice(1).map((r) => r.textContent)).toEqual([
      'createGroupunknown (not reported)allowthe default, set explicitly',
      'editMessageunknown (not reported)allowthe default, set explicitly',
      'sendMessageunknown (not reported)deny',
      'sendMessage.allowedMessageTypesunknown (not reported)text, image',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Save 4 changes' }));

    const results = await screen.findByRole('table', { name: 'Save results' });
    expect(within(results).getAllByText('Saved')).toHaveLength(4);
    expect(writes(backend)).toEqual([
      {
        method: 'PUT',
        path: '/roles/default/permissions',
        body: {
          permissions: {
            createGroup: 'allow',
            editMessage: 'allow',
            sendMessage: 'deny',
            'sendMessage.allowedMessageTypes': ['text', 'image'],
          },
        },
      },
    ]);
    // The keys not sent kept the service's own values (seed: listUsers.mode friends, initiateCall deny).
    expect(reports.serviceMap('default')).toMatchObject({
      sendMessage: 'deny',
      'sendMessage.allowedMessageTypes': ['text', 'image'],
      'listUsers.mode': 'friends',
      initiateCall: 'deny',
    });
    // The answer's map is now what the editor shows, and the keys it revealed are named.
    expect(
      screen.getByText(/2 keys you did not change hold values other than the default/),
    ).toHaveTextContent('initiateCall → deny; listUsers.mode → friends');
    expect(section('Calls').getByRole('switch', { name: 'initiateCall' })).not.toBeChecked();
    expect(
      section('Calls').getByRole('switch', { name: 'initiateCall' }),
    ).toHaveAccessibleDescription(/Set to deny \(reported by the service on /);
    expect(
      screen.getByText(
        /Values as reported by the service on .+, in its answer to a change by test-admin\./,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/unsaved change/)).not.toBeInTheDocument();
    expect(
      await reports.store.db
        .selectFrom('reported_permissions')
        .select(['reported_by', 'operation'])
        .execute(),
    ).toEqual([{ reported_by: 'test-admin', operation: 'PUT' }]);
  });

  it('stops when a newer map was reported after loading, then merges keeping the operator’s keys', async () => {
    const { backend, reports, user } = await openEditor('default', 'admin', reportedBefore);
    await user.click(section('Sending messages').getByRole('switch', { name: 'sendMessage' }));
    await user.click(
      group('Groups', 'createGroup.allowedGroupTypes').getByRole('checkbox', { name: 'public' }),
    );
    // Another admin saves the same role through the console: the service reports a newer map.
    const theirs = await reports.saveAs('another-admin', 'default', {
      'createGroup.allowedGroupTypes': ['private'],
      initiateCall: 'allow',
    });
    expect(theirs.status).toBe(200);

    await user.click(screen.getByRole('button', { name: 'Review and save' }));
    await user.click(await screen.findByRole('button', { name: 'Save 2 changes' }));
    const conflict = await screen.findByRole('dialog', {
      name: 'Role “default” changed on the service',
    });
    const table = within(conflict).getByRole('table', { name: 'Incoming changes' });
    expect(
      within(table).getByRole('row', { name: /^createGroup\.allowedGroupTypes/ }),
    ).toHaveTextContent(
      'createGroup.allowedGroupTypes[] (no restriction)privatepublicConflict: both changed',
    );
    expect(within(table).getByRole('row', { name: /^initiateCall/ })).toHaveTextContent(
      'initiateCalldenyallow(not changed)Changed on the service',
    );
    expect(within(table).getByRole('row', { name: /^sendMessage/ })).toHaveTextContent(
      'Changed by you',
    );
    // Nothing was written, and the other admin's values are intact.
    expect(writes(backend)).toEqual([]);
    expect(reports.serviceMap('default')).toMatchObject({
      'createGroup.allowedGroupTypes': ['private'],
      initiateCall: 'allow',
    });

    await user.click(within(conflict).getByRole('button', { name: /^Merge/ }));
    const review = await screen.findByRole('dialog', { name: 'Save 2 changes to role “default”?' });
    const rows = within(
      within(review).getByRole('table', { name: 'Changes to save' }),
    ).getAllByRole('row');
    expect(rows.slice(1).map((r) => r.textContent)).toEqual([
      'createGroup.allowedGroupTypesprivatepublic',
      'sendMessageallowdeny',
    ]);
    await user.click(within(review).getByRole('button', { name: 'Save 2 changes' }));
    await screen.findByRole('table', { name: 'Save results' });
    expect(writes(backend).map((w) => w.body)).toEqual([
      { permissions: { 'createGroup.allowedGroupTypes': ['public'], sendMessage: 'deny' } },
    ]);
    expect(reports.serviceMap('default')).toMatchObject({
      sendMessage: 'deny',
      'createGroup.allowedGroupTypes': ['public'],
      initiateCall: 'allow',
    });
  });

  it('stops on first use too: a map reported after opening shows against the unknown values the editor started from', async () => {
    const { backend, reports, user } = await openEditor('default');
    await user.click(section('Sending messages').getByRole('switch', { name: 'sendMessage' }));
    await reports.saveAs('another-admin', 'default', { initiateCall: 'allow' });
    await user.click(screen.getByRole('button', { name: 'Review and save' }));
    await user.click(await screen.findByRole('button', { name: 'Save 1 change' }));
    const conflict = await screen.findByRole('dialog', {
      name: 'Role “default” changed on the service',
    });
    const table = within(conflict).getByRole('table', { name: 'Incoming changes' });
    expect(within(table).getByRole('row', { name: /^listUsers\.mode/ })).toHaveTextContent(
      'listUsers.modeunknownfriends(not changed)Reported by the service',
    );
    expect(within(table).getByRole('row', { name: /^sendMessage / })).toHaveTextContent(
      'sendMessageunknownallowdenyChanged by you',
    );
    // initiateCall is reported at its default, which is where the editor started: not a difference to show.
    expect(within(table).queryByRole('row', { name: /^initiateCall/ })).not.toBeInTheDocument();
    expect(writes(backend)).toEqual([]);

    await user.click(within(conflict).getByRole('button', { name: 'Reload (discard mine)' }));
    expect(
      section('Calls').getByRole('switch', { name: 'initiateCall' }),
    ).toHaveAccessibleDescription(/Set to allow \(reported by the service on /);
    expect(
      section('Listing users').getByRole('combobox', { name: 'listUsers.mode' }),
    ).toHaveTextContent('friends');
    expect(screen.queryByText('Unknown')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review and save' })).toBeDisabled();
  });

  it('reloads the newer reported map and discards the operator’s edits when asked', async () => {
    const { backend, reports, user } = await openEditor('default', 'admin', reportedBefore);
    await user.click(section('Sending messages').getByRole('switch', { name: 'sendMessage' }));
    await reports.saveAs('another-admin', 'default', { 'sendMessage.mode': 'friends' });
    await user.click(screen.getByRole('button', { name: 'Review and save' }));
    await user.click(await screen.findByRole('button', { name: 'Save 1 change' }));
    await user.click(await screen.findByRole('button', { name: 'Reload (discard mine)' }));
    expect(section('Sending messages').getByRole('switch', { name: 'sendMessage' })).toBeChecked();
    expect(
      section('Sending messages').getByRole('combobox', { name: 'sendMessage.mode' }),
    ).toHaveTextContent('friends');
    expect(screen.getByText(/in its answer to a change by another-admin\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review and save' })).toBeDisabled();
    expect(writes(backend)).toEqual([]);
  });
});
