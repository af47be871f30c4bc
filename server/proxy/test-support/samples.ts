import type { Operation, ParamClass } from '../api/allow-list';

const sampleValues: Record<ParamClass, string> = {
  id: 'ann-1',
  messageId: '42',
  permission: 'listUsers.mode',
  reaction: '👍🏽',
};

/** A concrete request for an allow-listed operation, and the target the upstream should see. */
export function sampleRequest(op: Operation) {
  const segments = op.template
    .slice(1)
    .split('/')
    .map((part) => {
      const param = /^\{[a-zA-Z]+:([a-zA-Z]+)\}$/.exec(part);
      return param ? sampleValues[param[1] as ParamClass] : part;
    });
  const query = Object.keys(op.requiredQuery ?? {})
    .map((name) => `${name}=ann-1`)
    .join('&');
  const path = `/${segments.map(encodeURIComponent).join('/')}${query ? `?${query}` : ''}`;
  return {
    apiPath: `/api${path.slice(1) ? path : ''}`,
    upstreamUrl: `/v3${path}`,
    headers: op.onBehalfOf ? { onBehalfOf: 'user-1' } : ({} as Record<string, string>),
    body: op.body === 'json' ? {} : undefined,
  };
}
