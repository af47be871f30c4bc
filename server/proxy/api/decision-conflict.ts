import { audit, type AuditFields } from '../request-audit';
import type { AppContext, Runtime } from '../context';
import { jsonError } from '../http/errors';
import type { Admitted } from './api-admission';
import { IntentRefused, type IntentGuard } from '../audit/audited-write';
import {
  asDecision,
  consoleDecision,
  serviceDecision,
  type Decided,
  type NotReviewed,
  type ReviewAction,
} from './decision-record';

/** Sent with `decided` to decide again on purpose over someone else's decision. */
export const overrideHeader = 'x-console-override';
const outsider = 'someone outside the console';

const pad = (n: number) => String(n).padStart(2, '0');

/** `at 14:02` today, `on 2030-01-01 at 14:02` otherwise, in the server's time zone. */
function when(at: number, now: number): string {
  const date = new Date(at);
  const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time = `at ${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return day(date) === day(new Date(now)) ? time : `on ${day(date)} ${time}`;
}

/**
 * The console's own record names who decided; the service's list says what stands now. When the
 * service's complete list does not hold the message, a decision the console saw applied (`ok`) no
 * longer stands (the item was restored, as a demo reset does); one still on its way or without an
 * answer (`pending`, `unknown`) still counts.
 */
function latest(
  own: Decided | undefined,
  service: Omit<Decided, 'by'> | NotReviewed | undefined,
): Decided | undefined {
  if (service && 'notReviewed' in service) return own?.outcome === 'ok' ? undefined : own;
  if (!service) return own;
  if (!own || own.status !== service.status) return { ...service, by: null };
  return own;
}

const reviews: readonly string[] = ['blocked.review', 'flagged.review'] satisfies ReviewAction[];
const isReview = (name: string): name is ReviewAction => reviews.includes(name);

/** The decision in the list's words: a flag kept hidden is "blocked", a blocked message "rejected". */
const decisionWord = (action: string, decided: Decided) =>
  action === 'flagged.review' && decided.status === 'rejected' ? 'blocked' : decided.status;

const bodyStatus = (body: unknown) =>
  typeof body === 'object' && body !== null && 'status' in body
    ? asDecision(body.status)
    : undefined;

/**
 * Before a blocked message is approved or rejected, or a flag approved or blocked: was it decided already, by someone else, or
 * by this operator the other way? Reads the console's audit trail and the service's reviewed list
 * (when that cannot be read the decision goes ahead on the audit trail alone, and the log says so).
 * A conflict is refused with 409 `CONSOLE_ALREADY_DECIDED` (details: status, by, at) and audited as
 * denied, unless the request carries `x-console-override: decided`; then the audit row names the
 * decision it overrode (`note`).
 */
export async function checkDecisionConflict(
  rt: Runtime,
  c: AppContext,
  admitted: Admitted,
  record: Omit<AuditFields, 'outcome' | 'status'>,
): Promise<Response | { note: string | null; guard?: IntentGuard }> {
  const { op, params, session, body } = admitted;
  // The blocked review names its message `messageId`, the flag review `id`.
  const messageId = params.messageId ?? params.id;
  const wanted = bodyStatus(body);
  const action = op.name;
  if (!isReview(action) || messageId === undefined || wanted === undefined) return { note: null };

  const own = await consoleDecision(rt.deps.store, messageId, { action });
  const service = await serviceDecision(rt, session.username, messageId, c.req.raw.signal, action);
  if (service && 'unavailable' in service) {
    c.get('log').reviewedList = 'unavailable';
    rt.deps.logger.warn(
      { reqId: c.get('requestId'), messageId, problem: service.unavailable },
      'reviewed list unreadable: the decision is checked against the console audit trail only',
    );
  }
  const decided = latest(own, service && 'unavailable' in service ? undefined : service);
  const guard = decidedMeanwhile(rt, action, messageId, own?.id ?? 0, session.username, wanted);
  if (!decided || (decided.by === session.username && decided.status === wanted))
    return { note: null, guard };

  const by = decided.by ?? outsider;
  const at = new Date(decided.at).toISOString();
  if (c.req.header(overrideHeader) === 'decided')
    return { note: `override of ${decisionWord(action, decided)} by ${by} (${at})` };
  return alreadyDecidedReply(rt, c, record, decided);
}

/** 409 `CONSOLE_ALREADY_DECIDED` naming who decided and when, audited as denied. */
export async function alreadyDecidedReply(
  rt: Runtime,
  c: AppContext,
  record: Omit<AuditFields, 'outcome' | 'status'>,
  decided: Decided,
): Promise<Response> {
  const by = decided.by ?? outsider;
  const at = new Date(decided.at).toISOString();
  const word = decisionWord(record.action, decided);
  const detail = `already ${word} by ${by} at ${at}`;
  c.get('log').denied = detail;
  await audit(rt, c, { ...record, outcome: 'denied', status: 409, detail });
  return jsonError(
    c,
    409,
    'CONSOLE_ALREADY_DECIDED',
    `Already ${word} by ${by} ${when(decided.at, rt.now())}`,
    {
      details: { status: [decided.status], by: decided.by === null ? [] : [decided.by], at: [at] },
    },
  );
}

/** A decision recorded by someone else between the check and this one's intent row. */
export class DecidedMeanwhile extends IntentRefused {
  override name = 'DecidedMeanwhile';
  constructor(readonly decided: Decided) {
    super(`decided meanwhile by ${decided.by ?? outsider}`);
  }
}

/**
 * The check above reads, then the intent row is written later: two moderators (on two replicas,
 * say) deciding the same message at once could both pass it. The intent is therefore written under
 * a lock on the message, after looking again for a decision recorded since the check (an audit row
 * newer than the one it saw) that another operator took, or this one the other way.
 */
function decidedMeanwhile(
  rt: Runtime,
  action: ReviewAction,
  messageId: string,
  seenId: number,
  operator: string,
  wanted: string,
): IntentGuard {
  return {
    key: `decision:${messageId}`,
    check: async (db) => {
      const since = await consoleDecision(rt.deps.store, messageId, {
        db,
        afterId: seenId,
        action,
      });
      if (!since || (since.by === operator && since.status === wanted)) return;
      throw new DecidedMeanwhile(since);
    },
  };
}
