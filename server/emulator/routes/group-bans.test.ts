import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { banResponseSchema } from '../../../src/api/schemas/group';
import { shapeProblems } from '../shapes';
import { createTestEmulator } from '../test-support';

/**
 * Ban and unban as the facts describe them (§2.6): the real response bodies hold no ban or unban
 * answer, so the success body is the documented example's, and the error bodies are compared with the
 * real error envelope of the fixture.
 */
const fixture = z
  .object({ errors: z.array(z.object({ name: z.string(), body: z.unknown() })) })
  .parse(
    JSON.parse(
      readFileSync(
        new URL('../../../src/api/contract/real-responses.json', import.meta.url),
        'utf8',
      ),
    ),
  );
const realNotFound = fixture.errors.find((e) => e.name === 'ERR_UID_NOT_FOUND 404')?.body;
const documentedBan = {
  data: {
    success: true,
    message:
      'The user with uid cometchat-uid-3 has been banned from the Group with cometchat-guid-1.',
  },
};

describe('POST and DELETE /groups/{guid}/bannedusers/{uid}', () => {
  it('answers 200 with the documented body, in the documented words', async () => {
    const { call } = createTestEmulator();
    const ban = await call('POST', '/v3/groups/hiking-club/bannedusers/jack-murphy');
    expect(ban.status).toBe(200);
    const body: unknown = await ban.json();
    expect(shapeProblems(documentedBan, body)).toEqual([]);
    expect(banResponseSchema.parse(body).data.message).toBe(
      'The user with uid jack-murphy has been banned from the Group with hiking-club.',
    );
    const unban = await call('DELETE', '/v3/groups/hiking-club/bannedusers/jack-murphy');
    expect(unban.status).toBe(200);
    expect(shapeProblems(documentedBan, await unban.json())).toEqual([]);
  });

  it('refuses in the real error envelope: not a member 404, already banned, not banned', async () => {
    const { call } = createTestEmulator();
    expect(realNotFound).toBeDefined();
    for (const [method, path, status, code] of [
      ['POST', '/v3/groups/design-review/bannedusers/amelia-hart', 404, 'ERR_NOT_A_MEMBER'],
      ['POST', '/v3/groups/support-hub/bannedusers/community-0001', 400, 'ERR_ALREADY_BANNED'],
      ['DELETE', '/v3/groups/general/bannedusers/amelia-hart', 404, 'ERR_NOT_A_BANNED_USER'],
      ['POST', '/v3/groups/general/bannedusers/nobody-here', 404, 'ERR_UID_NOT_FOUND'],
    ] as const) {
      const response = await call(method, path);
      expect(response.status, path).toBe(status);
      const body: unknown = await response.json();
      expect(shapeProblems(realNotFound, body), path).toEqual([]);
      expect(body, path).toMatchObject({ error: { code, source: 'chat-api' } });
    }
  });
});
