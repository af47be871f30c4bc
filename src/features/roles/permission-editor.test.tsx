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

async function openEditor(role: string, operator: 'admin' | 'moderator' = 'admin') {
  const backend = installTestBackend({ role: operator });
  const view = renderRoute(`/roles/${role}`);
  await screen.findByRole('switch', { name: 'sendMessage' }, { timeout: 5000 });
  return { backend, ...view };
}

const group = (name: string) => screen.getByRole('group', { name });

describe('Role permission editor', () => {
  it('saves only the changed switch and multi-select after showing them in the diff', async () => {
    const { backend, user } = await openEditor('default');
    await user.click(screen.getByRole('switch', { name: 'sendMessage' }));
    const types = group('sendMessage.allowedMessageTypes');
    for (const type of ['audio', 'video', 'file']) await user.click(within(types).getByRole('checkbox', { name: type }));
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Review and save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save 2 changes to role “default”?' });
    const rows = within(within(dialog).getByRole('table', { name: 'Changes to save' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      'sendMessageallowdeny',
      'sendMessage.allowedMessageTypestext, image, audio, video, filetext, image',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Save 2 changes' }));

    const results = await screen.findByRole('table', { name: 'Save results' });
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
  });

  it('stops when the role changed on the service after loading, then merges keeping the operator’s keys', async () => {
    const { backend, user } = await openEditor('default');
    await user.click(screen.getByRole('switch', { name: 'sendMessage' }));
    await user.click(within(group('createGroup.allowedGroupTypes')).getByRole('checkbox', { name: 'public' }));
    // Another admin (or a script) writes to the same role behind the console's back.
    const theirs = await backend.call('PUT', '/roles/default/permissions', {
      permissions: { 'createGroup.allowedGroupTypes': ['private'], initiateCall: 'allow' },
    });
    expect(theirs.status).toBe(200);

    await user.click(screen.getByRole('button', { name: 'Review and save' }));
    await user.click(await screen.findByRole('button', { name: 'Save 2 changes' }));
    const conflict = await screen.findByRole('dialog', { name: 'Role “default” changed on the service' });
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
    const review = await screen.findByRole('dialog', { name: 'Save 2 changes to role “default”?' });
    const rows = within(within(review).getByRole('table', { name: 'Changes to save' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual(['createGroup.allowedGroupTypesprivatepublic', 'sendMessageallowdeny']);
    await user.click(within(review).getByRole('button', { name: 'Save 2 changes' }));
    await screen.findByRole('table', { name: 'Save results' });
    expect(await storedPermissions(backend, 'default')).toMatchObject({
      sendMessage: 'deny',
      'createGroup.allowedGroupTypes': ['public'],
      initiateCall: 'allow',
    });
  });

  it('reloads the service’s map and discards the operator’s edits when asked', async () => {
    const { backend, user } = await openEditor('default');
    await user.click(screen.getByRole('switch', { name: 'sendMessage' }));
    await backend.call('PUT', '/roles/default/permissions', { permissions: { 'sendMessage.mode': 'friends' } });
    await user.click(screen.getByRole('button', { name: 'Review and save' }));
    await user.click(await screen.findByRole('button', { name: 'Save 1 change' }));
    await user.click(await screen.findByRole('button', { name: 'Reload (discard mine)' }));
    expect(screen.getByRole('switch', { name: 'sendMessage' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'sendMessage.mode' })).toHaveTextContent('friends');
    expect(screen.getByRole('button', { name: 'Review and save' })).toBeDisabled();
    expect(writes(backend)).toEqual([]);
  });

  it('resets a key to its default with DELETE after confirming', async () => {
    const { backend, user } = await openEditor('default');
    expect(screen.getByRole('switch', { name: 'initiateCall' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Reset to default: initiateCall' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset initiateCall to its default?' });
    expect(dialog).toHaveTextContent('Saved value: deny. Default: allow.');
    await user.click(within(dialog).getByRole('button', { name: 'Reset to default' }));
    expect(await screen.findByText('initiateCall is back to its default (allow).')).toBeInTheDocument();
    expect(writes(backend)).toEqual([{ method: 'DELETE', path: '/roles/default/permissions/initiateCall', body: undefined }]);
    expect(screen.getByRole('switch', { name: 'initiateCall' })).toBeChecked();
    expect((await storedPermissions(backend, 'default')).initiateCall ?? 'allow').toBe('allow');
  });

  it('refuses an invalid MIME type next to the field', async () => {
    const { backend, user } = await openEditor('manager');
    const mime = group('sendMessage.allowedMimeTypes');
    const input = within(mime).getByRole('textbox', { name: 'Add a MIME type' });
    await user.type(input, 'pdf{Enter}');
    expect(input).toHaveAccessibleDescription('“pdf” is not a MIME type: use type/subtype, for example image/png.');
    expect(within(mime).queryByRole('button', { name: 'Remove pdf' })).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'image/webp');
    await user.click(within(mime).getByRole('button', { name: 'Add to sendMessage.allowedMimeTypes' }));
    expect(within(mime).getByRole('button', { name: 'Remove image/webp' })).toBeInTheDocument();
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    expect(writes(backend)).toEqual([]);
  });

  it('checks the JSON view: parse errors, per-key type errors, and applying a valid map', async () => {
    const { user } = await openEditor('default');
    await user.click(screen.getByRole('tab', { name: 'JSON' }));
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
    expect(screen.getByRole('switch', { name: 'sendMessage' })).not.toBeChecked();
    const other = screen.getByRole('region', { name: 'Other keys' });
    expect(within(other).getByText('beta.reactions')).toBeInTheDocument();
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();
  });

  it('warns before leaving with unsaved changes', async () => {
    const { user, router } = await openEditor('default');
    await user.click(screen.getByRole('switch', { name: 'sendMessage' }));
    await user.click(screen.getByRole('link', { name: 'All roles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('One unsaved change to role “default” will be lost.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/roles/default');
    await user.click(screen.getByRole('link', { name: 'All roles' }));
    await user.click(await screen.findByRole('button', { name: 'Leave and discard changes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Roles' })).toBeInTheDocument();
  });

  it('is read-only for moderators, with the reason', async () => {
    const { backend } = await openEditor('default', 'moderator');
    expect(screen.getByText(/Read only: Only admin operators can do this\./)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'sendMessage' })).toBeDisabled();
    expect(within(group('sendMessage.allowedMessageTypes')).getByRole('checkbox', { name: 'text' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset to default: initiateCall' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Review and save' })).toBeDisabled();
    expect(writes(backend)).toEqual([]);
  });
});
