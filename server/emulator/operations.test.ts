import { describe, expect, it } from 'vitest';
import { chatOperations, operationLabel } from '../../src/api/contract/operations';
import { errorBodySchema } from '../../src/api/schemas/common';
import { sampleRequest } from '../proxy/test-support/samples';
import { operationOf } from './operations';
import { createTestEmulator } from './test-support';

describe('operationOf', () => {
  it('maps requests to the service’s templates, literal segments before parameters', () => {
    const cases: [string, string, string | undefined][] = [
      ['GET', '/moderation/reasons', 'GET /moderation/reasons'],
      ['DELETE', '/moderation/reasons/spam', 'DELETE /moderation/reasons/{id}'],
      ['GET', '/moderation/reviewed-messages', 'GET /moderation/reviewed-messages'],
      [
        'PATCH',
        '/moderation/blocked-messages/12',
        'PATCH /moderation/blocked-messages/{messageId}',
      ],
      ['GET', '/messages/12/reactions', 'GET /messages/{id}/reactions'],
      ['POST', '/messages/12/reactions/%F0%9F%91%8D', 'POST /messages/{id}/reactions/{reaction}'],
      ['GET', '/messages/12/reactions/a%2Fb', 'GET /messages/{id}/reactions/{reaction}'],
      [
        'POST',
        '/users/amelia-hart/conversation/delivered',
        'POST /users/{uid}/conversation/delivered',
      ],
      ['DELETE', '/groups/general/bannedusers/x', 'DELETE /groups/{guid}/bannedusers/{uid}'],
      [
        'DELETE',
        '/roles/default/permissions/listUsers.mode',
        'DELETE /roles/{role}/permissions/{permission}',
      ],
      ['HEAD', '/users', 'GET /users'],
      ['PATCH', '/notifications/v1/preferences', 'PATCH /notifications/v1/preferences'],
      ['PATCH', '/moderation/reasons', undefined],
      ['GET', '/messages/', undefined],
      ['GET', '/messages//reactions', undefined],
      ['GET', '/nope', undefined],
    ];
    for (const [method, path, operation] of cases) {
      const found = operationOf(method, path);
      expect(found && operationLabel(found), `${method} ${path}`).toBe(operation);
    }
  });
});

describe('emulator routes', () => {
  it('serve every operation of the console’s catalogue', async () => {
    const { call } = createTestEmulator({ seed: false });
    const missing: string[] = [];
    for (const op of chatOperations) {
      const sample = sampleRequest(op);
      const response = await call(op.method, sample.upstreamUrl, {
        headers: sample.headers,
        body: sample.body,
      });
      const text = await response.text();
      const parsed = errorBodySchema.safeParse(text ? JSON.parse(text) : {});
      if (parsed.success && parsed.data.error.code === 'ERR_API_NOT_FOUND') missing.push(op.name);
    }
    expect(missing, 'operations of the catalogue the emulator has no route for').toEqual([]);
  });
});
