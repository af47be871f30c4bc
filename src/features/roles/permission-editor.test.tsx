import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';

async function storedPermissions(backend: TestBackend, role: string): Promise<Record<string, unknown>> {
  const response = await backend.call('GET', `/roles/${role}`);
  const body = (await response.json()) as { data: { permissions?: Record<string, unknown> } };
  return body.data.permissions ?? {};
}

const writes = (backend: TestBackend) => backend.requests.filter((r) => r.method !== 'GET');

/** The editor is a large form (28 keys); jsdom is slow with it, so waits and tests get room. */
const slow = { timeout: 10_000 };
const heavy = 60_000;

async function openEditor(role: string, operator: 'admin' | 'moderator' = 'admin', before?: (backend: TestBackend) => Promise<unknown>) {
  const backend = installTestBackend({ role: operator });
  await before?.(backend);
  const view = renderRoute(`/roles/${role}`);
  await screen.findByRole('tab', { name: 'Controls' }, slow);
  return { backend, ...view };
}

/** Queries run inside one capability section: much faster than over the whole editor. */
const section = (name: string) => within(screen.getByRole('region', { name }));
const group = (sectionName: string, key: string) => within(section(sectionName).getByRole('group', { name: key }));

describe('Role permission editor', () => {
  it('saves only the changed switch and multi-select after showing them in the diff', async () => {
    const { backend, user } = await openEditor('default');
    await user.click(section('Sending messages').getByRole('switch', { name: 'sendMessage' }));
    const types = group('Sending messages', 'sendMessage.allowedMessageTypes');
    for (const type of ['audio', 'video', 'file']) await user.click(types.getByRole('checkbox', { name: type }));
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Review and save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save 2 changes to role “default”?' }, slow);
    const rows = within(within(dialog).getByRole('table', { name: 'Changes to save' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      'sendMessageallowdeny',
      'sendMessage.allowedMessageTypestext, image, audio, video, filetext, image',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Save 2 changes' }));

    const results = await screen.findByRole('table', { name: 'Save results' }, slow);
    expect(within(results).getAllByRole('row')).toHaveLength(3);
    expect(within(results).getAllByText('Saved')).toHaveLength(2);
    expect(writes(backend)).toEqual([
      {
        method: 'PUT',
        path: '/roles/default/permissions',
        body: { permissions: { sendMessage: 'deny', 'sendMessage.allowedMessageTypes': ['text', 'image'] } },
      },
    ]);
    const stored = await storedPermissions(backend, 'default');
    expect(stored).toMatchObject({ sendMessage: 'deny', 'sendMessage.allowedMessageTypes': ['text', 'image'], 'listUsers.mode': 'friends' });
    expect(screen.queryByText(/unsaved change/)).not.toBeInTheDocument();
  }, heavy);

  it('stops when the role changed on the service after loading, then merges keeping the operator’s keys', async () => {
    const { backend, user } = await openEditor('default');
    await user.click(section('Sending messages').getByRole('switch', { name: 'sendMessage' }));
    await user.click(group('Groups', 'createGroup.allowedGroupTypes').getByRole('checkbox', { name: 'public' }));
    // Another admin (or a script) writes to the same role behind the console's back.
    const theirs = await backend.call('PUT', '/roles/default/permissions', {
      permissions: { 'createGroup.allowedGroupTypes': ['private'], initiateCall: 'allow' },
    });
    expect(theirs.status).toBe(200);

    await user.click(screen.getByRole('button', { name: 'Review and save' }));
    await user.click(await screen.findByRole('button', { name: 'Save 2 changes' }, slow));
    const conflict = await screen.findByRole('dialog', { name: 'Role “default” changed on the service' }, slow);
    const table = within(conflict).getByRole('table', { name: 'Incoming changes' });
    expect(within(table).getByRole('row', { name: /^createGroup\.allowedGroupTypes/ })).toHaveTextContent(
      'createGroup.allowedGroupTypes[] (no restriction)privatepublicConflict: both changed',
    );
    expect(within(table).getByRole('row', { name: /^initiateCall/ })).toHaveTextContent('initiateCalldenyallow(not changed)Changed on the service');
    expect(within(table).getByRole('row', { name: /^sendMessage/ })).toHaveTextContent('Changed by you');
    // Nothing was written, and the other client's values are intact.
    expect(writes(backend)).toEqual([]);
    expect(await storedPermissions(backend, 'default')).toMatchObject({ 'createGroup.allowedGroupTypes': ['private'], initiateCall: 'allow' });

    await user.click(within(conflict).getByRole('button', { name: /^Merge/ }));
    const review = await screen.findByRole('dialog', { name: 'Save 2 changes to role “default”?' }, slow);
    const rows = within(within(review).getByRole('table', { name: 'Changes to save' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual(['createGroup.allowedGroupTypesprivatepublic', 'sendMessageallowdeny']);
    await user.click(within(review).getByRole('button', { name: 'Save 2 changes' }));
    await screen.findByRole('table', { name: 'Save results' }, slow);
    expect(await storedPermissions(backend, 'default')).toMatchObject({
      sendMessage: 'deny',
      'createGroup.allowedGroupTypes': ['public'],
      initiateCall: 'allow',
    });
  }, heavy);

  it('reloads the service’s map and discards the operator’s edits when asked', async () => {
    const { backend, user } = await openEditor('default');
    await user.click(section('Sending messages').getByRole('switch', { name: 'sendMessage' }));
    await backend.call('PUT', '/roles/default/permissions', { permissions: { 'sendMessage.mode': 'friends' } });
    await user.click(screen.getByRole('button', { name: 'Review and save' }));
    await user.click(await screen.findByRole('button', { name: 'Save 1 change' }, slow));
    await user.click(await screen.findByRole('button', { name: 'Reload (discard mine)' }, slow));
    expect(section('Sending messages').getByRole('switch', { name: 'sendMessage' })).toBeChecked();
    expect(section('Sending messages').getByRole('combobox', { name: 'sendMessage.mode' })).toHaveTextContent('friends');
    expect(screen.getByRole('button', { name: 'Review and save' })).toBeDisabled();
    expect(writes(backend)).toEqual([]);
  }, heavy);

  it('resets a key to its default, and removes a key the catalog does not know, with DELETE after confirming', async () => {
    const { backend, user } = await openEditor('default', 'admin', (b) =>
      b.call('PUT', '/roles/default/permissions', { permissions: { 'legacy.flag': 'on' } }),
    );
    expect(section('Calls').getByRole('switch', { name: 'initiateCall' })).not.toBeChecked();
    await user.click(section('Calls').getByRole('button', { name: 'Reset to default: initiateCall' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset initiateCall to its default?' }, slow);
    expect(dialog).toHaveTextContent('Saved value: deny. Default: allow.');
    await user.click(within(dialog).getByRole('button', { name: 'Reset to default' }));
    expect(await screen.findByText('initiateCall is back to its default (allow).', {}, slow)).toBeInTheDocument();
    expect(writes(backend)).toEqual([{ method: 'DELETE', path: '/roles/default/permissions/initiateCall', body: undefined }]);
    expect(section('Calls').getByRole('switch', { name: 'initiateCall' })).toBeChecked();
    expect((await storedPermissions(backend, 'default')).initiateCall ?? 'allow').toBe('allow');

    const other = within(screen.getByRole('region', { name: 'Other keys' }));
    expect(other.getByRole('textbox', { name: 'legacy.flag' })).toHaveValue('on');
    await user.click(other.getByRole('button', { name: 'Remove key: legacy.flag' }));
    const remove = await screen.findByRole('dialog', { name: 'Remove legacy.flag from role “default”?' }, slow);
    await user.click(within(remove).getByRole('button', { name: 'Remove key' }));
    expect(await screen.findByText('legacy.flag was removed from role default.', {}, slow)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Other keys' })).not.toBeInTheDocument();
    expect(writes(backend).map((w) => `${w.method} ${w.path}`)).toEqual([
      'DELETE /roles/default/permissions/initiateCall',
      'DELETE /roles/default/permissions/legacy.flag',
    ]);
    expect(await storedPermissions(backend, 'default')).not.toHaveProperty(['legacy.flag']);
    expect(screen.getByRole('button', { name: 'Review and save' })).toBeDisabled();
  }, heavy);

  it('refuses an invalid MIME type next to the field', async () => {
    const { backend, user } = await openEditor('manager');
    const mime = group('Sending messages', 'sendMessage.allowedMimeTypes');
    const input = mime.getByRole('textbox', { name: 'Add a MIME type' });
    await user.type(input, 'pdf{Enter}');
    expect(input).toHaveAccessibleDescription('“pdf” is not a MIME type: use type/subtype, for example image/png.');
    expect(mime.queryByRole('button', { name: 'Remove pdf' })).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'image/webp');
    await user.click(mime.getByRole('button', { name: 'Add to sendMessage.allowedMimeTypes' }));
    expect(mime.getByRole('button', { name: 'Remove image/webp' })).toBeInTheDocument();
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    expect(writes(backend)).toEqual([]);
  }, heavy);

  it('checks the JSON view: parse errors, per-key type errors, and applying a valid map', async () => {
    const { user } = await openEditor('default');
    await user.click(screen.getByRole('tab', { name: 'JSON' }));
    const json = screen.getByRole('textbox', { name: 'Permission map (JSON)' });
    await user.clear(json);
    await user.click(json);
    await user.paste('{"sendMessage": ');
    await user.click(screen.getByRole('button', { name: 'Apply JSON to the editor' }));
    expect(await screen.findByText(/The JSON does not parse/, {}, slow)).toBeInTheDocument();

    await user.clear(json);
    await user.paste(JSON.stringify({ sendMessage: 'sometimes', 'listUsers.mode': 'friends' }));
    await user.click(screen.getByRole('button', { name: 'Apply JSON to the editor' }));
    const alert = await screen.findByText(/These keys are not valid/, {}, slow);
    expect(alert).toHaveTextContent('sendMessage: Must be one of: allow, deny.');
    expect(alert).toHaveTextContent('initiateCall: Missing.');

    await user.click(screen.getByRole('button', { name: 'Discard JSON edits' }));
    const map = JSON.parse((json as HTMLTextAreaElement).value) as Record<string, unknown>;
    await user.clear(json);
    await user.paste(JSON.stringify({ ...map, sendMessage: 'deny', 'beta.reactions': ['heart'] }));
    await user.click(screen.getByRole('button', { name: 'Apply JSON to the editor' }));
    await user.click(screen.getByRole('tab', { name: 'Controls' }));
    expect(section('Sending messages').getByRole('switch', { name: 'sendMessage' })).not.toBeChecked();
    const other = screen.getByRole('region', { name: 'Other keys' });
    expect(within(other).getByRole('heading', { name: 'beta.reactions' })).toBeInTheDocument();
    expect(within(other).getByRole('group', { name: 'beta.reactions' })).toHaveTextContent('heart');
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();
  }, heavy);

  it('shows the service’s validation errors next to the keys they name', async () => {
    const { backend, user } = await openEditor('default');
    await user.click(screen.getByRole('tab', { name: 'JSON' }));
    const json = screen.getByRole('textbox', { name: 'Permission map (JSON)' });
    const map = JSON.parse((json as HTMLTextAreaElement).value) as Record<string, unknown>;
    await user.clear(json);
    await user.click(json);
    await user.paste(JSON.stringify({ ...map, sendMessage: 'deny', 'bad key!': 'x' }));
    await user.click(screen.getByRole('button', { name: 'Apply JSON to the editor' }));
    await user.click(screen.getByRole('tab', { name: 'Controls' }));
    await user.click(screen.getByRole('button', { name: 'Review and save' }));
    await user.click(await screen.findByRole('button', { name: 'Save 2 changes' }, slow));

    expect(await screen.findByText(/Some of the values sent are not valid/, {}, slow)).toBeInTheDocument();
    const other = within(screen.getByRole('region', { name: 'Other keys' }));
    expect(other.getByRole('textbox', { name: 'bad key!' })).toHaveAccessibleDescription(/The permission key must be letters/);
    // The service writes all or nothing: the valid key was not stored either, and both stay unsaved.
    expect(writes(backend)).toHaveLength(1);
    expect((await storedPermissions(backend, 'default')).sendMessage).toBe('allow');
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();
  }, heavy);

  it('warns before leaving with unsaved changes', async () => {
    const { user, router } = await openEditor('default');
    await user.click(section('Sending messages').getByRole('switch', { name: 'sendMessage' }));
    await user.click(screen.getByRole('link', { name: 'All roles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' }, slow);
    expect(dialog).toHaveTextContent('One unsaved change to role “default” will be lost.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/roles/default');
    await user.click(screen.getByRole('link', { name: 'All roles' }));
    await user.click(await screen.findByRole('button', { name: 'Leave and discard changes' }, slow));
    expect(await screen.findByRole('heading', { level: 1, name: 'Roles' }, slow)).toBeInTheDocument();
  }, heavy);

  it('is read-only for moderators, with the reason', async () => {
    const { backend } = await openEditor('default', 'moderator');
    expect(screen.getByText(/Read only: Only admin operators can do this\./)).toBeInTheDocument();
    expect(section('Sending messages').getByRole('switch', { name: 'sendMessage' })).toBeDisabled();
    expect(group('Sending messages', 'sendMessage.allowedMessageTypes').getByRole('checkbox', { name: 'text' })).toBeDisabled();
    expect(section('Calls').getByRole('button', { name: 'Reset to default: initiateCall' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Review and save' })).toBeDisabled();
    expect(writes(backend)).toEqual([]);
  }, heavy);
});
