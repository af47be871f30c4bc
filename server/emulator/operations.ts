/**
 * Every operation the emulator serves, named `METHOD /template` with the service's own template
 * names, as the contract's catalogue labels them (`src/api/contract/operations.ts`, operationLabel).
 */
export const emulatedOperations = [
  'GET /moderation/reasons',
  'POST /moderation/reasons',
  'GET /moderation/reasons/{id}',
  'PUT /moderation/reasons/{id}',
  'DELETE /moderation/reasons/{id}',
  'GET /moderation/blocked-messages',
  'PATCH /moderation/blocked-messages/{messageId}',
  'GET /moderation/reviewed-messages',
  'GET /moderation/flagged-messages',
  'PATCH /moderation/flagged-messages/{id}',
  'POST /messages/{id}/flagged',
  'GET /messages',
  'GET /messages/{id}',
  'DELETE /messages/{id}',
  'GET /messages/{id}/reactions',
  'GET /messages/{id}/reactions/{reaction}',
  'POST /messages/{id}/reactions/{reaction}',
  'DELETE /messages/{id}/reactions/{reaction}',
  'GET /users',
  'DELETE /users',
  'PUT /users',
  'GET /users/{uid}',
  'POST /users/{uid}/conversation/delivered',
  'GET /groups',
  'GET /groups/{guid}',
  'GET /groups/{guid}/bannedusers',
  'POST /groups/{guid}/bannedusers/{uid}',
  'DELETE /groups/{guid}/bannedusers/{uid}',
  'GET /groups/{guid}/members',
  'DELETE /groups/{guid}/members/{uid}',
  'PUT /groups/{guid}/members/{uid}',
  'GET /roles',
  'GET /roles/{role}',
  'GET /roles/{role}/permissions',
  'PUT /roles/{role}/permissions',
  'DELETE /roles/{role}/permissions/{permission}',
  'GET /notifications/v1/preferences',
  'PATCH /notifications/v1/preferences',
  'DELETE /notifications/v1/preferences',
] as const;
export type EmulatedOperation = (typeof emulatedOperations)[number];

interface Template {
  operation: EmulatedOperation;
  method: string;
  segments: readonly string[];
}

const templates: readonly Template[] = emulatedOperations.map((operation) => {
  const [method = '', path = ''] = operation.split(' ');
  return { operation, method, segments: path.split('/') };
});

const isParam = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

/**
 * The operation a request addresses, from its method and its raw (still percent-encoded) path
 * relative to `/v3`, so an encoded `/` inside a reaction stays one segment. A literal segment
 * matches itself, a `{param}` any non-empty segment. `undefined`: no such operation (a 404).
 */
export function operationOf(method: string, rawPath: string): EmulatedOperation | undefined {
  const wanted = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const segments = rawPath.split('/');
  const match = templates.find(
    (t) =>
      t.method === wanted &&
      t.segments.length === segments.length &&
      t.segments.every((s, i) => (isParam(s) ? (segments[i] ?? '') !== '' : s === segments[i])),
  );
  return match?.operation;
}
