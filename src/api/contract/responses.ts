import type { z } from 'zod';
import type { OperationLabel } from './operations';
import {
  blockedMessageListResponseSchema,
  reviewBlockedMessageResponseSchema,
} from '../schemas/blocked-message';
import { successResponseSchema } from '../schemas/common';
import { markDeliveredResponseSchema } from '../schemas/conversation';
import {
  flagMessageResponseSchema,
  flaggedMessageListResponseSchema,
  reviewedMessageListResponseSchema,
  reviewFlaggedMessageResponseSchema,
} from '../schemas/flagged-message';
import {
  banResponseSchema,
  bannedUsersResponseSchema,
  groupListResponseSchema,
  groupMembersResponseSchema,
  groupResponseSchema,
  memberActionResponseSchema,
} from '../schemas/group';
import {
  deleteMessageResponseSchema,
  messageListResponseSchema,
  messageResponseSchema,
} from '../schemas/message';
import { reasonListResponseSchema, reasonResponseSchema } from '../schemas/moderation-reason';
import { notificationPreferencesResponseSchema } from '../schemas/notification';
import { reactionListResponseSchema, reactionMutationResponseSchema } from '../schemas/reaction';
import {
  permissionCatalogResponseSchema,
  roleListResponseSchema,
  roleResponseSchema,
  setPermissionsResponseSchema,
  unsetPermissionResponseSchema,
} from '../schemas/role';
import { userListResponseSchema, userResponseSchema } from '../schemas/user';
import {
  deactivateUsersResponseSchema,
  reactivateUsersResponseSchema,
} from '../schemas/users-bulk';

/**
 * The schema the console reads each chat operation's success answer with, by `METHOD /template`
 * (an operation without one, or a label of no operation, fails the type check).
 * The SPA, the console server (write answers are checked and a mismatch is logged), the connection
 * doctor and the contract suite all read answers through this one table.
 */
// prettier-ignore
const schemas = {
  'GET /users': userListResponseSchema,
  'GET /users/{uid}': userResponseSchema,
  'GET /groups': groupListResponseSchema,
  'GET /groups/{guid}': groupResponseSchema,
  'GET /groups/{guid}/bannedusers': bannedUsersResponseSchema,
  'GET /groups/{guid}/members': groupMembersResponseSchema,
  'GET /messages': messageListResponseSchema,
  'GET /messages/{id}': messageResponseSchema,
  'GET /messages/{id}/reactions': reactionListResponseSchema,
  'GET /messages/{id}/reactions/{reaction}': reactionListResponseSchema,
  'GET /roles': roleListResponseSchema,
  'GET /roles/{role}': roleResponseSchema,
  'GET /roles/{role}/permissions': permissionCatalogResponseSchema,
  'GET /moderation/reasons': reasonListResponseSchema,
  'GET /moderation/reasons/{id}': reasonResponseSchema,
  'GET /moderation/blocked-messages': blockedMessageListResponseSchema,
  'GET /moderation/reviewed-messages': reviewedMessageListResponseSchema,
  'GET /moderation/flagged-messages': flaggedMessageListResponseSchema,
  'GET /notifications/v1/preferences': notificationPreferencesResponseSchema,

  'PATCH /moderation/blocked-messages/{messageId}': reviewBlockedMessageResponseSchema,
  'PATCH /moderation/flagged-messages/{id}': reviewFlaggedMessageResponseSchema,
  'POST /messages/{id}/flagged': flagMessageResponseSchema,
  'DELETE /messages/{id}': deleteMessageResponseSchema,
  'POST /messages/{id}/reactions/{reaction}': reactionMutationResponseSchema,
  'DELETE /messages/{id}/reactions/{reaction}': reactionMutationResponseSchema,
  'POST /moderation/reasons': reasonResponseSchema,
  'PUT /moderation/reasons/{id}': reasonResponseSchema,
  'DELETE /moderation/reasons/{id}': successResponseSchema,
  'POST /groups/{guid}/bannedusers/{uid}': banResponseSchema,
  'DELETE /groups/{guid}/bannedusers/{uid}': banResponseSchema,
  'DELETE /groups/{guid}/members/{uid}': memberActionResponseSchema,
  'PUT /groups/{guid}/members/{uid}': memberActionResponseSchema,
  'PUT /roles/{role}/permissions': setPermissionsResponseSchema,
  'DELETE /roles/{role}/permissions/{permission}': unsetPermissionResponseSchema,
  'DELETE /users': deactivateUsersResponseSchema,
  'PUT /users': reactivateUsersResponseSchema,
  'POST /users/{uid}/conversation/delivered': markDeliveredResponseSchema,
  'DELETE /notifications/v1/preferences': notificationPreferencesResponseSchema,
  'PATCH /notifications/v1/preferences': notificationPreferencesResponseSchema,
} satisfies Record<OperationLabel, z.ZodType>;

/** The answer schema of each operation, by label: a call's answer type comes from here. */
export type ResponseSchemas = typeof schemas;

export const responseSchemas: Readonly<Record<string, z.ZodType>> = schemas;

/** The reads the console makes, for the connection doctor: every GET of the table. */
export const readOperations = Object.keys(responseSchemas).filter((name) =>
  name.startsWith('GET '),
);
