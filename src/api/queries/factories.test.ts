import { hashKey, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { auditQueries } from './audit';
import { blockedMessageQueries } from './blocked-messages';
import { chatServiceQueries } from './chat-service';
import { flaggedMessageQueries } from './flagged-messages';
import { groupQueries } from './groups';
import { insightsQueries } from './insights';
import { messageQueries } from './messages';
import { moderationReasonQueries } from './moderation-reasons';
import { notificationQueries } from './notifications';
import { operatorQueries } from './operators';
import { queueClaimQueries } from './queue-claims';
import { reactionQueries } from './reactions';
import { reportedPermissionQueries } from './reported-permissions';
import { roleQueries } from './roles';
import { sessionQueries } from './session';
import { userQueries } from './users';

type Read = () => { queryKey: QueryKey; queryFn?: unknown };

interface FactoryCase {
  resource: string;
  factory: object;
  /** Key-only entries, for invalidation. */
  keys: Record<string, () => QueryKey>;
  /** Each read entry called with two different arguments (the same call twice when it takes none). */
  reads: Record<string, [Read, Read]>;
}

const filters = (conversationId: string) => ({
  conversationId,
  category: undefined,
  type: undefined,
  from: undefined,
  to: undefined,
});

const cases: FactoryCase[] = [
  {
    resource: 'users',
    factory: userQueries,
    keys: {
      all: userQueries.all,
      lists: userQueries.lists,
      details: userQueries.details,
      founds: userQueries.founds,
    },
    reads: {
      list: [
        () => userQueries.list({ page: 1 }),
        () => userQueries.list({ searchKey: 'a', perPage: 20 }),
      ],
      detail: [() => userQueries.detail('found'), () => userQueries.detail('b')],
      found: [() => userQueries.found('detail'), () => userQueries.found('b')],
    },
  },
  {
    resource: 'groups',
    factory: groupQueries,
    keys: {
      all: groupQueries.all,
      lists: groupQueries.lists,
      details: groupQueries.details,
      bannedLists: () => groupQueries.bannedLists('g1'),
      bannedScans: groupQueries.bannedScans,
      memberLists: () => groupQueries.memberLists('g1'),
    },
    reads: {
      list: [() => groupQueries.list({ page: 1 }), () => groupQueries.list({ searchKey: 'hik' })],
      detail: [() => groupQueries.detail('g1'), () => groupQueries.detail('g2')],
      banned: [
        () => groupQueries.banned('g1', { page: 1, perPage: 25 }),
        () => groupQueries.banned('g2', { page: 2, perPage: 25 }),
      ],
      bannedScan: [() => groupQueries.bannedScan('u1'), () => groupQueries.bannedScan('u2')],
      members: [
        () => groupQueries.members('g1', { page: 1, perPage: 25 }),
        () => groupQueries.members('g1', { page: 1, perPage: 25, scopes: ['admin'] }),
      ],
    },
  },
  {
    resource: 'messages',
    factory: messageQueries,
    keys: { all: messageQueries.all, details: messageQueries.details, lists: messageQueries.lists },
    reads: {
      detail: [() => messageQueries.detail('1'), () => messageQueries.detail('2')],
      conversation: [
        () => messageQueries.conversation(filters('a_user_b')),
        () => messageQueries.conversation(filters('group_x')),
      ],
      latest: [() => messageQueries.latest('a_user_b'), () => messageQueries.latest('group_x')],
      around: [
        () => messageQueries.around('a_user_b', '1', 4),
        () => messageQueries.around('a_user_b', '2', 4),
      ],
      fromSender: [
        () => messageQueries.fromSender('a', 10),
        () => messageQueries.fromSender('b', 10),
      ],
      search: [
        () => messageQueries.search({ text: 'hello' }),
        () => messageQueries.search({ text: 'hello', sender: 'a' }),
      ],
    },
  },
  {
    resource: 'reactions',
    factory: reactionQueries,
    keys: { all: reactionQueries.all, ofMessage: () => reactionQueries.ofMessage('1') },
    reads: {
      list: [() => reactionQueries.list('1', undefined), () => reactionQueries.list('1', '👍')],
    },
  },
  {
    resource: 'roles',
    factory: roleQueries,
    keys: {
      all: roleQueries.all,
      lists: roleQueries.lists,
      details: roleQueries.details,
      catalogs: roleQueries.catalogs,
    },
    reads: {
      list: [() => roleQueries.list({ page: 1 }), () => roleQueries.list({ page: 2 })],
      options: [roleQueries.options, roleQueries.options],
      detail: [() => roleQueries.detail('default'), () => roleQueries.detail('admin')],
      catalog: [() => roleQueries.catalog('default'), () => roleQueries.catalog('admin')],
    },
  },
  {
    resource: 'reported-permissions',
    factory: reportedPermissionQueries,
    keys: { all: reportedPermissionQueries.all, details: reportedPermissionQueries.details },
    reads: {
      detail: [
        () => reportedPermissionQueries.detail('default'),
        () => reportedPermissionQueries.detail('admin'),
      ],
    },
  },
  {
    resource: 'moderation-reasons',
    factory: moderationReasonQueries,
    keys: { all: moderationReasonQueries.all, lists: moderationReasonQueries.lists },
    reads: { list: [moderationReasonQueries.list, moderationReasonQueries.list] },
  },
  {
    resource: 'blocked-messages',
    factory: blockedMessageQueries,
    keys: { all: blockedMessageQueries.all, lists: blockedMessageQueries.lists },
    reads: {
      list: [blockedMessageQueries.list, blockedMessageQueries.list],
      summary: [blockedMessageQueries.summary, blockedMessageQueries.summary],
      reviewed: [blockedMessageQueries.reviewed, blockedMessageQueries.reviewed],
    },
  },
  {
    resource: 'flagged-messages',
    factory: flaggedMessageQueries,
    keys: { all: flaggedMessageQueries.all, lists: flaggedMessageQueries.lists },
    reads: {
      list: [flaggedMessageQueries.list, flaggedMessageQueries.list],
      summary: [flaggedMessageQueries.summary, flaggedMessageQueries.summary],
    },
  },
  {
    resource: 'queue-claims',
    factory: queueClaimQueries,
    keys: { all: queueClaimQueries.all },
    reads: { list: [queueClaimQueries.list, queueClaimQueries.list] },
  },
  {
    resource: 'notification-preferences',
    factory: notificationQueries,
    keys: { all: notificationQueries.all, details: notificationQueries.details },
    reads: {
      detail: [() => notificationQueries.detail('a'), () => notificationQueries.detail('b')],
    },
  },
  {
    resource: 'audit',
    factory: auditQueries,
    keys: { all: auditQueries.all, lists: auditQueries.lists },
    reads: {
      list: [
        () => auditQueries.list({ page: 1, perPage: 6 }),
        () => auditQueries.list({ page: 1, perPage: 25, operation: 'blocked.review' }),
      ],
    },
  },
  {
    resource: 'operators',
    factory: operatorQueries,
    keys: {
      all: operatorQueries.all,
      lists: operatorQueries.lists,
      allSessions: operatorQueries.allSessions,
    },
    reads: {
      list: [operatorQueries.list, operatorQueries.list],
      sessions: [() => operatorQueries.sessions('ann'), () => operatorQueries.sessions('bob')],
    },
  },
  {
    resource: 'session',
    factory: sessionQueries,
    keys: { all: sessionQueries.all },
    reads: {
      current: [sessionQueries.current, sessionQueries.current],
      methods: [sessionQueries.methods, sessionQueries.methods],
    },
  },
  {
    resource: 'chat-service',
    factory: chatServiceQueries,
    keys: { all: chatServiceQueries.all },
    reads: { report: [chatServiceQueries.report, chatServiceQueries.report] },
  },
  {
    resource: 'insights',
    factory: insightsQueries,
    keys: { all: insightsQueries.all },
    reads: { range: [() => insightsQueries.range('24h'), () => insightsQueries.range('30d')] },
  },
];

/** The part of an entry's key that its arguments cannot change: the longest prefix both calls share. */
function fixedPart(a: QueryKey, b: QueryKey): QueryKey {
  let n = 0;
  while (n < a.length && n < b.length && hashKey([a[n]]) === hashKey([b[n]])) n++;
  return a.slice(0, n);
}

const isPrefix = (prefix: QueryKey, key: QueryKey) =>
  prefix.length <= key.length && hashKey(prefix) === hashKey(key.slice(0, prefix.length));

describe.each(cases)('$resource query factory', ({ resource, factory, keys, reads }) => {
  it('lists every entry here, so each one is checked', () => {
    expect(Object.keys(factory).sort()).toEqual(
      [...Object.keys(keys), ...Object.keys(reads)].sort(),
    );
  });

  it('starts every key with its resource', () => {
    expect.hasAssertions();
    for (const key of Object.values(keys)) expect(key()[0]).toBe(resource);
    for (const [first, second] of Object.values(reads)) {
      expect(first().queryKey[0]).toBe(resource);
      expect(second().queryKey[0]).toBe(resource);
      expect(first().queryFn).toBeTypeOf('function');
    }
  });

  // Reads that take arguments, and pairs of reads: a factory without them has nothing to check there.
  const withArguments = Object.entries(reads).filter(([, [first, second]]) => first !== second);
  if (withArguments.length > 0)
    it('puts the arguments of a read in its key', () => {
      expect.hasAssertions();
      for (const [name, [first, second]] of withArguments)
        expect(hashKey(first().queryKey), name).not.toBe(hashKey(second().queryKey));
    });

  if (Object.keys(reads).length > 1)
    it('gives reads of different shapes keys that can never be equal', () => {
      expect.hasAssertions();
      // Two reads can share a key only if the fixed part of one is a prefix of the other's.
      const fixed = Object.entries(reads).map(([name, [first, second]]) => ({
        name,
        prefix: fixedPart(first().queryKey, second().queryKey),
      }));
      for (const a of fixed) {
        for (const b of fixed) {
          if (a.name === b.name) continue;
          expect(isPrefix(a.prefix, b.prefix), `${a.name} vs ${b.name}`).toBe(false);
        }
      }
    });

  it('invalidates through each key-only entry at least one read', () => {
    const readKeys = Object.values(reads).flatMap(([first, second]) => [
      first().queryKey,
      second().queryKey,
    ]);
    for (const [name, key] of Object.entries(keys)) {
      expect(
        readKeys.some((readKey) => isPrefix(key(), readKey)),
        name,
      ).toBe(true);
    }
  });
});

describe('query key spaces', () => {
  it('gives each resource its own first key segment', () => {
    const resources = cases.map((c) => c.resource);
    expect(new Set(resources).size).toBe(resources.length);
  });

  it('keeps the plain user and the deactivated-aware lookup apart', () => {
    expect(hashKey(userQueries.detail('amelia-hart').queryKey)).not.toBe(
      hashKey(userQueries.found('amelia-hart').queryKey),
    );
  });
});
