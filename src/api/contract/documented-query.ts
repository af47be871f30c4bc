/**
 * The query parameters the real Chat API documents, per operation (`METHOD /template`, templates as
 * the service names them). Nothing else goes upstream: the console server refuses other parameters
 * before forwarding, and the emulator in strict mode answers 400 for them, so the console cannot
 * lean on a guessed parameter without a test failing. Sources: chat-api-facts §2, §3.3–3.6, §3.10.
 *
 * Reaction lists document no request parameter, but their answers carry a `meta.next` cursor
 * (`{ affix, id }`); sending that cursor back is the service's documented paging convention (§3.10),
 * so `affix` and `id` are accepted there and nothing else (decision 0008).
 */
const usersList = [
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

const groupsList = [
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

const messagesList = [
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

const pageOnly = ['perPage', 'page'] as const;
const responseCursor = ['affix', 'id'] as const;
const forUid = ['uid'] as const;

// prettier-ignore
export const documentedQuery: Readonly<Record<string, readonly string[]>> = {
  'GET /users': usersList,
  'GET /users/{uid}': [],
  'GET /groups': groupsList,
  'GET /groups/{guid}': [],
  'GET /groups/{guid}/bannedusers': pageOnly,
  'GET /messages': messagesList,
  'GET /messages/{id}': [],
  'GET /messages/{id}/reactions': responseCursor,
  'GET /messages/{id}/reactions/{reaction}': responseCursor,
  'GET /roles': pageOnly,
  'GET /roles/{role}': [],
  'GET /roles/{role}/permissions': [],
  'GET /moderation/reasons': [],
  'GET /moderation/reasons/{id}': [],
  'GET /moderation/blocked-messages': [],
  'GET /moderation/reviewed-messages': [],
  'GET /notifications/v1/preferences': forUid,
  'PATCH /notifications/v1/preferences': forUid,
  'DELETE /notifications/v1/preferences': forUid,
};

/**
 * The documented parameters of an operation; `[]` for one that documents none (every write but
 * the preferences ones).
 */
export function documentedQueryOf(operation: string): readonly string[] {
  return documentedQuery[operation] ?? [];
}

/** The first query parameter name the service does not document for `operation`. */
export function undocumentedQueryParam(
  operation: string,
  names: Iterable<string>,
): string | undefined {
  const allowed = documentedQueryOf(operation);
  for (const name of names) if (!allowed.includes(name)) return name;
  return undefined;
}
