import type { ChatOperation } from '../../../src/api/contract/operations';
import type { ParamClass } from '../../../src/api/contract/param-classes';
import { compileTemplate } from '../../../src/api/contract/templates';

const sampleValues: Record<ParamClass, string> = {
  id: 'ann-1',
  messageId: '42',
  permission: 'listUsers.mode',
  reaction: '👍🏽',
};

/** Bodies for operations whose body must say something (the rest send `{}`). */
const sampleBodies: Readonly<Record<string, unknown>> = {
  'members.scope': { scope: 'moderator' },
};

/** A concrete request for an operation of the catalogue, and the target the upstream should see. */
export function sampleRequest(op: ChatOperation) {
  const template = compileTemplate(op.template);
  const values = Object.fromEntries(template.params.map((p) => [p.name, sampleValues[p.cls]]));
  const query = Object.keys(op.requiredQuery ?? {})
    .map((name) => `${name}=ann-1`)
    .join('&');
  const path = `${template.build(values)}${query ? `?${query}` : ''}`;
  return {
    apiPath: `/api${path.slice(1) ? path : ''}`,
    upstreamUrl: `/v3${path}`,
    headers: op.onBehalfOf ? { onBehalfOf: 'user-1' } : ({} as Record<string, string>),
    body: op.body === 'json' ? (sampleBodies[op.name] ?? {}) : undefined,
  };
}
