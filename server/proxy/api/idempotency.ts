import { createHash } from 'node:crypto';
import { deny } from '../request-audit';
import type { AppContext, Runtime } from '../context';
import type { IdempotencyOptions } from '../deps';
import { jsonError } from '../http/errors';
import {
  claimKey,
  finishKey,
  releaseKey,
  type KeyRef,
  type StoredAnswer,
} from '../store/idempotency-keys';
import type { Admitted } from './api-admission';
import { auditUnavailableReply } from '../audit/audited-write';

export const idempotencyHeader = 'idempotency-key';
/** Set on an answer replayed from the first request with the same key. */
export const replayedHeader = 'idempotent-replayed';

export const defaultIdempotency: IdempotencyOptions = {
  windowMs: 24 * 60 * 60 * 1000,
  // Past the forwarder's overall deadline (30 s), the first request has ended one way or another.
  waitMs: 35_000,
  pollMs: 100,
};

/** Printable ASCII without spaces, as Stripe and the IETF draft accept; a UUID fits. */
const keyPattern = /^[\x21-\x7e]{1,255}$/;

/** What makes two requests "the same": method, path, query, on-behalf-of, override and body. */
function fingerprintOf(c: AppContext, admitted: Admitted): string {
  const { op, segments, query, onBehalfOf, body } = admitted;
  const parts = [
    op.method,
    segments,
    query,
    onBehalfOf ?? null,
    c.req.header('x-console-override') ?? null,
    body ?? null,
  ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The first request of a key: settle it with its answer once that is known. */
export interface IdempotentWrite {
  /** `sent`: the write reached the service and its answer is final (not a 429) or unknown. */
  settle(response: Response, sent: boolean): Promise<Response>;
}

function replay(answer: StoredAnswer): Response {
  return new Response(answer.status === 204 ? null : Buffer.from(answer.body), {
    status: answer.status,
    headers: { ...answer.headers, [replayedHeader]: 'true' },
  });
}

/**
 * A write carrying `Idempotency-Key` (decision 0023): the first request with a key goes on (the
 * answer is an IdempotentWrite to settle); a repeat by the same operator with the same request gets
 * the first one's answer without reaching the service, waiting while the first is still running; a
 * key reused for another request is refused with 422. Without the header: undefined, nothing changes.
 */
export async function admitIdempotent(
  rt: Runtime,
  c: AppContext,
  admitted: Admitted,
): Promise<undefined | Response | IdempotentWrite> {
  const key = c.req.header(idempotencyHeader);
  if (key === undefined) return undefined;
  const { op } = admitted;
  const fields = { action: op.name, operation: `${op.method} ${c.req.path}` };
  if (!keyPattern.test(key)) {
    return deny(rt, c, 400, 'CONSOLE_BAD_REQUEST', 'The Idempotency-Key header is not valid.', {
      ...fields,
      detail: 'idempotency key syntax',
    });
  }
  const options = { ...defaultIdempotency, ...rt.deps.idempotency };
  const ref: KeyRef = { operator: admitted.session.username, key };
  const fingerprint = fingerprintOf(c, admitted);
  const log = c.get('log');
  for (let waited = 0; ; waited += options.pollMs) {
    let claim;
    try {
      claim = await claimKey(rt.deps.store, ref, {
        fingerprint,
        requestId: c.get('requestId'),
        now: rt.now(),
        windowMs: options.windowMs,
      });
    } catch (error) {
      rt.deps.logger.error(
        { reqId: c.get('requestId'), err: error },
        'idempotency key not claimed',
      );
      return auditUnavailableReply(c);
    }
    if (claim.kind === 'claimed') return settler(rt, c, ref);
    if (claim.kind === 'done') {
      log.idempotency = 'replayed';
      return replay(claim.answer);
    }
    if (claim.kind === 'mismatch') {
      return deny(
        rt,
        c,
        422,
        'CONSOLE_IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used for a different request.',
        { ...fields, detail: 'idempotency key reused for another request' },
      );
    }
    if (waited >= options.waitMs) break;
    await sleep(options.pollMs);
  }
  log.idempotency = 'still in flight';
  return jsonError(
    c,
    409,
    'CONSOLE_IDEMPOTENCY_IN_FLIGHT',
    'The same request is still being processed. Check the result before trying again.',
  );
}

function settler(rt: Runtime, c: AppContext, ref: KeyRef): IdempotentWrite {
  return {
    async settle(response, sent) {
      try {
        if (!sent) {
          await releaseKey(rt.deps.store, ref);
          return response;
        }
        const body = new Uint8Array(await response.clone().arrayBuffer());
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => {
          if (name !== 'set-cookie') headers[name] = value;
        });
        await finishKey(rt.deps.store, ref, { status: response.status, headers, body });
      } catch (error) {
        // The answer still goes out; repeats wait, then hear the key is still in flight.
        rt.deps.logger.error(
          { reqId: c.get('requestId'), err: error },
          'idempotency outcome not recorded',
        );
      }
      return response;
    },
  };
}
