import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allRows, group, openEditor, section, writes } from '@/testing/permission-editor';

// Resets, field and JSON validation, the service's errors, the leave warning and read-only access;
// reported values and saving are in permission-editor.test.tsx.

describe('Role permission editor: fields, resets and guards', () => {
  it('resets a key to its default, and removes a key the catalog does not know, with DELETE after confirming', async () => {
    const { backend, reports, user } = await openEditor('default', 'admin', (_backend, r) =>
      r.saveAs('another-admin', 'default', { 'legacy.flag': 'on' }),
    );
    expect(section('Calls').getByRole('switch', { name: 'initiateCall' })).not.toBeChecked();
    await user.click(
      section('Calls').getByRole('button', { name: 'Reset to default: initiateCall' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Reset initiateCall to its default?',
    });
    expect(dialog).toHaveTextContent('Value on the service: deny. Default: allow.');
    await user.click(within(dialog).getByRole('button', { name: 'Reset to default' }));
    expect(
      await screen.findByText('initiateCall is back to its default (allow).'),
    ).toBeInTheDocument();
    expect(writes(backend)).toEqual([
      { method: 'DELETE', path: '/roles/default/permissions/initiateCall', body: undefined },
    ]);
    expect(section('Calls').getByRole('switch', { name: 'initiateCall' })).toBeChecked();
    expect(reports.serviceMap('default').initiateCall).toBe('allow');

    const other = within(screen.getByRole('region', { name: 'Other keys' }));
    expect(other.getByRole('textbox', { name: 'legacy.flag' })).toHaveValue('on');
    await user.click(other.getByRole('button', { name: 'Remove key: legacy.flag' }));
    const remove = await screen.findByRole('dialog', {
      name: 'Remove legacy.flag from role “default”?',
    });
    await user.click(within(remove).getByRole('button', { name: 'Remove key' }));
    expect(
      await screen.findByText('legacy.flag was removed from role default.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Other keys' })).not.toBeInTheDocument();
    expect(writes(backend).map((w) => `${w.method} ${w.path}`)).toEqual([
      'DELETE /roles/default/permissions/initiateCall',
      'DELETE /roles/default/permissions/legacy.flag',
    ]);
    expect(reports.serviceMap('default')).not.toHaveProperty(['legacy.flag']);
    expect(screen.getByRole('button', { name: 'Review and save' })).toBeDisabled();
  });

  it('refuses an invalid MIME type next to the field', async () => {
    const { backend, user } = await openEditor('manager');
    const mime = group('Sending messages', 'sendMessage.allowedMimeTypes');
    const input = mime.getByRole('textbox', { name: 'Add a MIME type' });
    await user.type(input, 'pdf{Enter}');
    expect(input).toHaveAccessibleDescription(
      '“pdf” is not a MIME type: use type/subtype, for example image/png.',
    );
    expect(mime.queryByRole('button', { name: 'Remove pdf' })).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'image/webp');
    await user.click(mime.getByRole('button', { name: 'Add to sendMessage.allowedMimeTypes' }));
    expect(mime.getByRole('button', { name: 'Remove image/webp' })).toBeInTheDocument();
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    expect(writes(backend)).toEqual([]);
  });

  it('checks the JSON view: parse errors, per-key type errors, and applying a valid map', async () => {
    const { user } = await openEditor('default');
    await user.click(screen.getByRole('tab', { name: 'JSON' }));
    expect(
      screen.getByText(
        /28 keys are unknown \(not reported by the service\): the JSON shows their catalog defaults\./,
      ),
    ).toBeInTheDocument();
    const json = screen.getByRole('textbox', { name: 'Permission map (JSON)' });
    await user.clear(json);
    await user.click(json);
    await user.paste('{"sendMessage": ');
    await user.click(screen.getByRole('button', { name: 'Apply JSON to the editor' }));
    expect(await screen.findByText(/The JSON does not parse/)).toBeInTheDocument();

    await user.clear(json);
    await user.paste(JSON.stringify({ sendMessage: 'sometimes', 'listUsers.mode': 'friends' }));
    await user.click(screen.getByRole('button', { name: 'Apply JSON to the editor' }));
    const alert = await screen.findByText(/These keys are not valid/);
    expect(alert).toHaveTextContent('sendMessage: Must be one of: allow, deny.');
    expect(alert).toHaveTextContent('initiateCall: Missing.');

    await user.click(screen.getByRole('button', { name: 'Discard JSON edits' }));
    const map = JSON.parse((json as HTMLTextAreaElement).value) as Record<string, unknown>;
    await user.clear(json);
    await user.paste(JSON.stringify({ ...map, sendMessage: 'deny', 'beta.reactions': ['heart'] }));
    await user.click(screen.getByRole('button', { name: 'Apply JSON to the editor' }));
    await user.click(screen.getByRole('tab', { name: 'Controls' }));
    await allRows();
    expect(
      section('Sending messages').getByRole('switch', { name: 'sendMessage' }),
    ).not.toBeChecked();
    const other = screen.getByRole('region', { name: 'Other keys' });
    expect(within(other).getByRole('heading', { name: 'beta.reactions' })).toBeInTheDocument();
    expect(within(other).getByRole('group', { name: 'beta.reactions' })).toHaveTextContent('heart');
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();
  });

  it('shows the service’s validation errors next to the keys they name', async () => {
    const { backend, reports, user } = await openEditor('default');
    await user.click(screen.getByRole('tab', { name: 'JSON' }));
    const json = screen.getByRole('textbox', { name: 'Permission map (JSON)' });
    const map = JSON.parse((json as HTMLTextAreaElement).value) as Record<string, unknown>;
    await user.clear(json);
    await user.click(json);
    await user.paste(JSON.stringify({ ...map, sendMessage: 'deny', 'bad key!': 'x' }));
    await user.click(screen.getByRole('button', { name: 'Apply JSON to the editor' }));
    await user.click(screen.getByRole('tab', { name: 'Controls' }));
    await allRows();
    await user.click(screen.getByRole('button', { name: 'Review and save' }));
    await user.click(await screen.findByRole('button', { name: 'Save 2 changes' }));

    expect(await screen.findByText(/Some of the values sent are not valid/)).toBeInTheDocument();
    const other = within(screen.getByRole('region', { name: 'Other keys' }));
    expect(other.getByRole('textbox', { name: 'bad key!' })).toHaveAccessibleDescription(
      /The permission key must be letters/,
    );
    // The service writes all or nothing: the valid key was not stored either, both stay unsaved, nothing is reported.
    expect(writes(backend)).toHaveLength(1);
    expect(reports.serviceMap('default').sendMessage).toBe('allow');
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();
    expect(
      await reports.store.db
        .selectFrom('reported_permissions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: 0 });
  });

  it('warns before leaving with unsaved changes', async () => {
    const { user, router } = await openEditor('default');
    await user.click(section('Sending messages').getByRole('switch', { name: 'sendMessage' }));
    await user.click(screen.getByRole('link', { name: 'All roles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('One unsaved change to role “default” will be lost.');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/roles/default');
    await user.click(screen.getByRole('link', { name: 'All roles' }));
    await user.click(await screen.findByRole('button', { name: 'Leave and discard changes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Roles' })).toBeInTheDocument();
  });

  it('is read-only for moderators, with the reason', async () => {
    const { backend } = await openEditor('default', 'moderator');
    expect(screen.getByText(/Read only: Only admin operators can do this\./)).toBeInTheDocument();
    expect(section('Sending messages').getByRole('switch', { name: 'sendMessage' })).toBeDisabled();
    expect(
      group('Sending messages', 'sendMessage.allowedMessageTypes').getByRole('checkbox', {
        name: 'text',
      }),
    ).toBeDisabled();
    expect(
      section('Calls').getByRole('button', { name: 'Reset to default: initiateCall' }),
    ).toBeDisabled();
    expect(
      section('Calls').queryByRole('button', { name: 'Include in save: initiateCall' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review and save' })).toBeDisabled();
    expect(writes(backend)).toEqual([]);
  });
});
