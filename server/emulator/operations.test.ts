import { describe, expect, it } from 'vitest';
import { chatOperations, operationLabel } from '../../src/api/contract/operations';
import { emulatedOperations, operationOf } from './operations';

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
    for (const [method, path, operation] of cases)
      expect(operationOf(method, path), `${method} ${path}`).toBe(operation);
  });

  it('serves every operation of the console’s catalogue, under the same label', () => {
    const emulated: readonly string[] = emulatedOperations;
    for (const op of chatOperations) expect(emulated).toContain(operationLabel(op));
  });
});
