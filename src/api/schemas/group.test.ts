import { describe, expect, it } from 'vitest';
import { banResponseSchema, groupListResponseSchema, listBannedUsersQuerySchema } from './group';

describe('group schemas', () => {
  it('parses a group list with page meta', () => {
    const parsed = groupListResponseSchema.parse({
      data: [
        {
          guid: 'cometchat-guid-1',
          name: 'Hiking',
          type: 'public',
          membersCount: 3,
          owner: 'u1',
          createdAt: 1638354015,
          tags: [],
        },
      ],
      meta: { pagination: { total: 1, count: 1, per_page: 100, current_page: 1, total_pages: 1 } },
    });
    expect(parsed.data[0]?.type).toBe('public');
  });

  it('reads an unknown group type as it comes, and an unreadable group as an unsupported item', () => {
    const parsed = groupListResponseSchema.parse({
      data: [
        { guid: 'g', name: 'G', type: 'secret' },
        { guid: 'h', type: 'public' },
      ],
      meta: {
        pagination: { total: 2, count: 2, per_page: 100, current_page: 1, total_pages: 1 },
      },
    });
    expect(parsed.data.map((group) => group.type)).toEqual(['secret']);
    expect(parsed.unsupported).toMatchObject([{ index: 1, id: 'h', kind: 'public' }]);
    expect(parsed.unsupported[0]?.problem).toMatch(/^name: /);
  });

  it('parses the ban example of the docs', () => {
    const body = {
      data: {
        success: true,
        message:
          'The user with uid cometchat-uid-3 has been banned from the Group with cometchat-guid-1.',
      },
    };
    expect(banResponseSchema.parse(body).data.success).toBe(true);
  });

  it('defaults banned-user paging to 100 per page, page 1', () => {
    expect(listBannedUsersQuerySchema.parse({})).toEqual({ perPage: 100, page: 1 });
    expect(listBannedUsersQuerySchema.safeParse({ perPage: '-1' }).success).toBe(false);
  });
});
