import { operationNamed } from '../../../src/api/contract/operations';
import type { BlockedMessage } from '../../../src/api/schemas/blocked-message';
import { asDecision } from '../api/decision-record';
import { buildUpstreamRequest } from '../api/upstream-request';
import type { Runtime } from '../context';
import type { QueueNow } from './figures';
import { flagWaitsOfAnswer, type FlagWaits } from './flag-waits';
import { readBlockedList, rememberBlockedItems } from './moderation-items';

/** The insights wait at most this long for each of the service's lists. */
const listReadMs = 5_000;
/** The service lists one page of at most 50 items and documents no paging of its moderation lists. */
const servicePage = 50;

const lists = {
  blocked: operationNamed('blocked.list'),
  reviewed: operationNamed('reviewed.list'),
};

async function readList(
  rt: Runtime,
  operator: string,
  which: keyof typeof lists,
  signal: AbortSignal,
): Promise<{ items: BlockedMessage[]; body: Uint8Array } | { problem: string }> {
  const op = lists[which];
  const req = buildUpstreamRequest({
    baseUrl: rt.deps.upstream.baseUrl,
    apiKey: rt.deps.upstream.apiKey,
    op,
    segments: ['moderation', `${which}-messages`],
    query: [],
    onBehalfOf: undefined,
    body: undefined,
    signal: AbortSignal.any([signal, AbortSignal.timeout(listReadMs)]),
  });
  try {
    // The operator's own turn at the upstream gate, as for any call they make.
    const res = await rt.gate.run(operator, req.signal, () => rt.forward(req));
    if (res.status !== 200) return { problem: `the service answered ${res.status}` };
    const items = readBlockedList(res.body);
    if (!items) return { problem: 'the service answered a list the console could not read' };
    await rememberBlockedItems(rt.deps.store, items, rt.now());
    return { items, body: res.body };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Reads the service's blocked list (the queue now: its pending items) and reviewed list (the rules
 * of recently decided items, remembered for the figures, and the decided flags' waits). A list that
 * cannot be read degrades the figures that need it; it never fails the page.
 */
export async function readServiceLists(
  rt: Runtime,
  operator: string,
  signal: AbortSignal,
): Promise<{ queue: QueueNow | { problem: string }; flags: FlagWaits | null }> {
  const [blocked, reviewed] = await Promise.all([
    readList(rt, operator, 'blocked', signal),
    readList(rt, operator, 'reviewed', signal),
  ]);
  const flags = 'problem' in reviewed ? null : (flagWaitsOfAnswer(reviewed.body) ?? null);
  if ('problem' in blocked)
    return { queue: { problem: `Queue not read: ${blocked.problem}` }, flags };
  const pending = blocked.items.filter(
    (item) =>
      (asDecision(item.message.data.moderation?.status) ?? asDecision(item.status)) === undefined,
  );
  return { queue: { items: pending, complete: blocked.items.length < servicePage }, flags };
}
