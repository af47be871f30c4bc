/**
 * The query parameters the real Chat API documents, by list (sources: chat-api-facts §2, §3.3–3.6,
 * §3.10). Each operation of the catalogue (`operations.ts`) names its list; nothing else goes
 * upstream: the console server refuses other parameters before forwarding, and the emulator in strict
 * mode answers 400 for them, so the console cannot lean on a guessed parameter without a test failing.
 */
export const usersListQuery = [
  'searchKey',
  'searchIn',
  'status',
  'count',
  'perPage',
  'page',
  'role',
  'roles',
  'withTags',
  'tags',
  'onlyDeactivated',
  'withDeactivated',
] as const;

export const groupsListQuery = [
  'searchKey',
  'searchIn',
  'sortBy',
  'sortOrder',
  'perPage',
  'page',
  'affix',
  'updatedAt',
  'withTags',
  'tags',
  'type',
  'types',
  'hasJoined',
] as const;

export const messagesListQuery = [
  'conversationId',
  'receiverType',
  'sender',
  'category',
  'categories',
  'type',
  'types',
  'fromTimestamp',
  'toTimestamp',
  'sentAt',
  'hideDeleted',
  'onlyDeleted',
  'hideReplies',
  'hideMessagesFromBlockedUsers',
  'searchKey',
  'hasAttachments',
  'attachmentTypes',
  'hasMentions',
  'hasLinks',
  'mentionedUids',
  'hasReactions',
  'mentionsWithBlockedInfo',
  'mentionsWithTagInfo',
  'withTags',
  'tags',
  'count',
  'unread',
  'limit',
  'affix',
  'id',
] as const;

export const pageQuery = ['perPage', 'page'] as const;

/** `GET /groups/{guid}/members`: page-style, by member status and scopes. */
export const groupMembersQuery = ['perPage', 'page', 'status', 'scopes'] as const;

/**
 * Reaction lists document no request parameter, but their answers carry a `meta.next` cursor
 * (`{ affix, id }`); sending that cursor back is the service's documented paging convention (§3.10),
 * so `affix` and `id` are accepted there and nothing else (decision 0008).
 */
export const reactionCursorQuery = ['affix', 'id'] as const;

/** The notification preferences operations name their user in the query. */
export const uidQuery = ['uid'] as const;
