import { describe, expect, it } from 'vitest';
import { listUsersQuerySchema, userListResponseSchema, userResponseSchema } from './user';
import {
  deactivateUsersBodySchema,
  deactivateUsersResponseSchema,
  reactivateUsersResponseSchema,
  bulkUidsMax,
} from './users-bulk';

describe('user schemas', () => {
  it('parses the banned-users list example of the docs, keeping the user fields', () => {
    const body = {
      data: [
        {
          uid: 'cometchat-uid-6',
          name: 'Barry Allen',
          link: 'https://cometchat.com',
          avatar: 'https://example.com/a.png',
          metadata: { email: 'user@email.com', contactNumber: '0123456789' },
          status: 'offline',
          role: 'manager',
          createdAt: 1638354015,
          updatedAt: 1638354799,
          conversationId: 'cometchat-uid-4_user_cometchat-uid-6',
          blockedByMe: false,
          blockedByMeAt: 0,
          blockedAt: 0,
          unknownField: 'dropped',
        },
      ],
      meta: { pagination: { total: 1, count: 1, per_page: 100, current_page: 1, total_pages: 1 } },
      cursor: { updatedAt: 1638354799, affix: 'prepend' },
    };
    const parsed = userListResponseSchema.parse(body);
    expect(parsed.data[0]).toMatchObject({
      uid: 'cometchat-uid-6',
      role: 'manager',
      blockedByMe: false,
    });
    // Fields the console does not know yet are kept (the raw view shows them).
    expect(parsed.data[0]).toHaveProperty('unknownField', 'dropped');
  });

  it('accepts a deactivated user with deactivatedAt and rejects a user without uid', () => {
    expect(
      userResponseSchema.parse({ data: { uid: 'a', name: 'A', deactivatedAt: 1763500000 } }).data
        .deactivatedAt,
    ).toBe(1763500000);
    expect(userResponseSchema.safeParse({ data: { name: 'A' } }).success).toBe(false);
  });

  it('parses list query strings with defaults and rejects out-of-range paging', () => {
    expect(listUsersQuerySchema.parse({})).toEqual({ perPage: 100, page: 1 });
    expect(
      listUsersQuerySchema.parse({
        perPage: '1000',
        page: '3',
        withDeactivated: 'true',
        status: 'offline',
      }),
    ).toMatchObject({
      perPage: 1000,
      page: 3,
      withDeactivated: true,
      status: 'offline',
    });
    for (const bad of [
      { perPage: '0' },
      { perPage: '1001' },
      { page: '0' },
      { page: 'x' },
      { status: 'online' },
      { withDeactivated: 'yes' },
    ]) {
      expect(listUsersQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('bulk deactivate and reactivate', () => {
  it('parses the documented and the observed deactivate responses, filling absent buckets', () => {
    expect(
      deactivateUsersResponseSchema.parse({
        data: { deactivatedUids: ['cometchat-uid-2', 'cometchat-uid-3'] },
      }).data,
    ).toEqual({
      deactivatedUids: ['cometchat-uid-2', 'cometchat-uid-3'],
      alreadyDeactivatedUids: [],
      notFound: [],
    });
    expect(
      deactivateUsersResponseSchema.parse({
        data: { alreadyDeactivatedUids: ['a'], notFound: ['InvalidUID'] },
      }).data.notFound,
    ).toEqual(['InvalidUID']);
  });

  it('parses the reactivate buckets', () => {
    const parsed = reactivateUsersResponseSchema.parse({
      data: { reactivatedUids: ['a'], nonDeactivatedUids: ['b'] },
    });
    expect(parsed.data).toEqual({
      reactivatedUids: ['a'],
      nonDeactivatedUids: ['b'],
      notFound: [],
    });
  });

  it('keeps the request body strict and bounded', () => {
    expect(deactivateUsersBodySchema.safeParse({ uidsToDeactivate: ['a'], extra: 1 }).success).toBe(
      false,
    );
    expect(deactivateUsersBodySchema.safeParse({ uidsToDeactivate: [] }).success).toBe(false);
    expect(deactivateUsersBodySchema.safeParse({ uidsToDeactivate: ['bad id'] }).success).toBe(
      false,
    );
    const many = Array.from({ length: bulkUidsMax + 1 }, (_, i) => `u${i}`);
    expect(deactivateUsersBodySchema.safeParse({ uidsToDeactivate: many }).success).toBe(false);
    expect(deactivateUsersBodySchema.safeParse({ uidsToDeactivate: many.slice(1) }).success).toBe(
      true,
    );
  });
});
