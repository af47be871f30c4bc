import type { PermissionValue } from '../../src/api/schemas/role';

export type PermissionDataType =
  'string' | 'stringArray' | 'rolesStringArray' | 'customStringArray';

export interface CatalogEntry {
  id: string;
  title: string;
  description: string;
  dataType: PermissionDataType;
  /** Closed set of allowed values; for `rolesStringArray` the existing role ids are allowed instead. */
  availableValues: readonly string[];
  defaultValue: PermissionValue;
}

const allowDeny = ['allow', 'deny'] as const;
const modes = ['all', 'friends'] as const;
const groupTypes = ['public', 'private', 'password'] as const;
const messageTypes = ['text', 'image', 'audio', 'video', 'file'] as const;
const scopes = ['admin', 'moderator', 'participant'] as const;

const binary = (id: string, title: string, description: string): CatalogEntry => ({
  id,
  title,
  description,
  dataType: 'string',
  availableValues: allowDeny,
  defaultValue: 'allow',
});
const mode = (id: string, title: string, description: string): CatalogEntry => ({
  id,
  title,
  description,
  dataType: 'string',
  availableValues: modes,
  defaultValue: 'all',
});
const list = (
  id: string,
  dataType: PermissionDataType,
  availableValues: readonly string[],
  title: string,
  description: string,
): CatalogEntry => ({ id, title, description, dataType, availableValues, defaultValue: [] });

/** The 28 role permission keys. Defaults leave a fresh app unrestricted (`allow`, `all`, `[]`). */
export const permissionCatalog: readonly CatalogEntry[] = [
  binary(
    'listUsers',
    'Allows/Denies listing users',
    'Whether users of this role may list other users.',
  ),
  mode('listUsers.mode', 'Users that can be listed', 'List all users, or friends only.'),
  list(
    'listUsers.allowedRoles',
    'rolesStringArray',
    [],
    'Roles that can be listed',
    'Only users with these roles are listed. Empty means every role.',
  ),
  mode(
    'getUserDetails.mode',
    'Users whose details can be fetched',
    'Fetch details of all users, or of friends only.',
  ),
  list(
    'getUserDetails.allowedRoles',
    'rolesStringArray',
    [],
    'Roles whose details can be fetched',
    'Empty means every role.',
  ),
  binary(
    'sendMessage',
    'Allows/Denies sending messages',
    'Whether users of this role may send messages.',
  ),
  mode(
    'sendMessage.mode',
    'Users that can receive messages',
    'Send to all users, or to friends only.',
  ),
  list(
    'sendMessage.allowedReceiverTypes',
    'stringArray',
    ['user', 'group'],
    'Allowed receiver types',
    'Empty means users and groups.',
  ),
  list(
    'sendMessage.allowedReceiverRoles',
    'rolesStringArray',
    [],
    'Allowed receiver roles',
    'Empty means every role.',
  ),
  list(
    'sendMessage.allowedMessageTypes',
    'stringArray',
    messageTypes,
    'Allows sending messages of the specified types',
    'Empty means every type.',
  ),
  list(
    'sendMessage.allowedMessageCategories',
    'stringArray',
    ['message', 'custom'],
    'Allowed message categories',
    'Empty means every category.',
  ),
  list(
    'sendMessage.allowedMimeTypes',
    'customStringArray',
    [],
    'Allowed attachment MIME types',
    'MIME types such as image/png. Empty means every type.',
  ),
  list(
    'sendMessage.allowedCustomTypes',
    'customStringArray',
    [],
    'Allowed custom message types',
    'Empty means every custom type.',
  ),
  binary(
    'editMessage',
    'Allows/Denies editing messages',
    'Whether users of this role may edit their messages.',
  ),
  list(
    'editMessage.denyForScopes',
    'stringArray',
    scopes,
    'Group scopes that cannot edit',
    'Members with these scopes may not edit messages in groups.',
  ),
  binary(
    'deleteMessage',
    'Allows/Denies deleting messages',
    'Whether users of this role may delete messages.',
  ),
  list(
    'deleteMessage.denyForScopes',
    'stringArray',
    scopes,
    'Group scopes that cannot delete',
    'Members with these scopes may not delete messages in groups.',
  ),
  binary(
    'initiateCall',
    'Allows/Denies initiating calls',
    'Whether users of this role may start calls.',
  ),
  mode('initiateCall.mode', 'Users that can be called', 'Call all users, or friends only.'),
  list(
    'initiateCall.allowedReceiverRoles',
    'rolesStringArray',
    [],
    'Roles that can be called',
    'Empty means every role.',
  ),
  binary(
    'createGroup',
    'Allows/Denies creating groups',
    'Whether users of this role may create groups.',
  ),
  list(
    'createGroup.allowedGroupTypes',
    'stringArray',
    groupTypes,
    'Group types that can be created',
    'Empty means every type.',
  ),
  binary(
    'listGroups',
    'Allows/Denies listing groups',
    'Whether users of this role may list groups.',
  ),
  list(
    'listGroups.allowedGroupTypes',
    'stringArray',
    groupTypes,
    'Group types that can be listed',
    'Empty means every type.',
  ),
  binary(
    'joinGroup',
    'Allows/Denies joining groups',
    'Whether users of this role may join groups.',
  ),
  list(
    'joinGroup.allowedGroupTypes',
    'stringArray',
    groupTypes,
    'Group types that can be joined',
    'Empty means every type.',
  ),
  list(
    'listMessages.allowedMessageCategories',
    'stringArray',
    ['message', 'custom', 'action', 'call'],
    'Message categories that can be listed',
    'Empty means every category.',
  ),
  list(
    'listMessages.allowedMessageTypes',
    'stringArray',
    messageTypes,
    'Message types that can be listed',
    'Empty means every type.',
  ),
];

export const catalogById: ReadonlyMap<string, CatalogEntry> = new Map(
  permissionCatalog.map((entry) => [entry.id, entry]),
);

/** When the catalog entries were created: a fixed date, so responses are reproducible. */
export const catalogCreatedAt = 1700000000;
