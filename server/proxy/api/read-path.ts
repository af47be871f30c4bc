import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchOperation } from '../../../src/api/contract/match';
import type { ChatOperation } from '../../../src/api/contract/operations';
import { findSession, sessionTokenOf, takeTurn, type FoundSession } from '../auth/session-cookie';
import type { Runtime } from '../context';
import { andThen, type Settled } from '../settled';
import type { PlainAnswer } from '../http/answer';
import { errorBody } from '../http/errors';
import { basicTargetProblem, normaliseHost } from '../http/guards';
import { answerHeaderList, requestLogger } from '../http/request-log';
import { bodyRefusal, callRefusal, type Admitted } from './api-admission';
import { forwardRead } from './api-handler';
import { Departure } from './forward';
import { parseApiTarget } from './api-target';

/** The most targets whose reading is kept (readTarget); more, and the kept ones are forgotten. */
const keptTargets = 1_000;

/** A read's target as the gatekeeper, the target parser and the catalogue read it. */
interface TargetReading {
  segments: readonly string[];
  query: readonly [string, string][];
  op: ChatOperation;
  params: Readonly<Record<string, string>>;
}

/**
 * The reading of `raw` as a read of the catalogue, or undefined when the app must answer it: kept
 * for the targets met again (an operator's pages read the same few), frozen, since every call shares
 * it. A reading depends on the target alone.
 */
function targetReader() {
  const kept = new Map<string, TargetReading | undefined>();
  const read = (raw: string): TargetReading | undefined => {
    if (basicTargetProblem(raw) !== undefined) return undefined;
    const target = parseApiTarget(raw);
    if (!target.ok) return undefined;
    const match = matchOperation('GET', target.segments);
    if (match.kind !== 'operation') return undefined;
    return Object.freeze({
      segments: Object.freeze(target.segments),
      query: Object.freeze(target.query),
      op: match.op,
      params: Object.freeze(match.params),
    });
  };
  return (raw: string) => {
    if (kept.has(raw)) return kept.get(raw);
    const reading = read(raw);
    if (kept.size >= keptTargets) kept.clear();
    kept.set(raw, reading);
    return reading;
  };
}

/** A target's path, without its query (searches stay out of logs). */
const pathOf = (target: string) => target.split('?', 1)[0] ?? '';

export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/** Headers the read path reads; a request that sends one of them twice goes to the app. */
const readHeaders = new Set(['host', 'cookie', 'sec-fetch-site', 'onbehalfof']);

function sendsOnce(req: IncomingMessage): boolean {
  const seen = new Set<string>();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = (raw[i] ?? '').toLowerCase();
    if (!readHeaders.has(name)) continue;
    if (seen.has(name)) return false;
    seen.add(name);
  }
  return true;
}

/**
 * The console server's hot path (decision 0061): a read of the chat service (`GET /api/…`) answered
 * on Node's request and response, without the app's Request and Response objects and middleware.
 * It takes the app's checks in the app's order, with the app's functions (guards, api-target,
 * findSession and takeTurn, the catalogue, callRefusal), and forwards with the app's forwardRead,
 * so the answer, its headers, log line, metrics and observers are the app's. Anything that is not a
 * plain admitted read is passed whole to `app` before the operator's rate-limit turn is taken:
 * shutting down, another method or path, a host or target the gatekeeper refuses, a cross-site
 * read, no usable session, a call the catalogue or the role refuses, a header sent twice. The app
 * then answers (and audits) it exactly as before. A turn the rate limit refuses is remembered
 * (takeTurn), so the app answers it from memory without taking another.
 */
export function createReadPath(rt: Runtime) {
  const logLine = requestLogger(rt);
  const metrics = rt.deps.ops?.metrics;
  const readTarget = targetReader();

  /**
   * The admitted read of `req`, or undefined when the app must answer it: at once, without a
   * promise, when its session is remembered (Settled).
   */
  function admit(req: IncomingMessage): Settled<Admitted | undefined> {
    if (req.method !== 'GET' || rt.deps.isClosing?.()) return undefined;
    const raw = req.url ?? '';
    if (!raw.startsWith('/api/') || !sendsOnce(req)) return undefined;
    if (!rt.hosts.has(normaliseHost(req.headers.host ?? ''))) return undefined;
    const target = readTarget(raw);
    const site = req.headers['sec-fetch-site'];
    if (!target || site === 'cross-site' || site === 'same-site') return undefined;
    return andThen(findSession(rt, sessionTokenOf(req.headers.cookie, rt.cookieName)), (step) =>
      step.kind === 'found' ? admitFound(req, target, step.found) : undefined,
    );
  }

  /** The read of a found session: refused by its role, or admitted with its operator's turn. */
  function admitFound(
    req: IncomingMessage,
    target: TargetReading,
    found: FoundSession,
  ): Settled<Admitted | undefined> {
    const { op, params, segments, query } = target;
    const sent = req.headers.onbehalfof;
    const onBehalfOf = op.onBehalfOf && typeof sent === 'string' ? sent : undefined;
    if (callRefusal(found.session, op, onBehalfOf, query)) return undefined;
    if (bodyRefusal(found.session, op, undefined)) return undefined;
    return andThen(takeTurn(rt, found), (turn) =>
      turn.kind === 'session'
        ? { session: turn.session, op, params, segments, query, onBehalfOf, body: undefined }
        : undefined,
    );
  }

  async function answer(req: IncomingMessage, res: ServerResponse, app: NodeListener) {
    const started = rt.now();
    let admitted: Admitted | undefined;
    try {
      const pending = admit(req);
      admitted = pending instanceof Promise ? await pending : pending;
    } catch {
      // The store failed on the way (decision 0029): the app meets it again and answers 503.
      admitted = undefined;
    }
    if (!admitted) {
      app(req, res);
      return;
    }
    const reqId = randomUUID();
    const log: Record<string, unknown> = { operator: admitted.session.username };
    const client = new Departure();
    res.once('close', () => {
      if (!res.writableFinished) client.abort(new Error('the client went away'));
    });
    let reply: PlainAnswer;
    try {
      reply = await forwardRead(rt, { reqId, log, signal: client }, admitted);
    } catch (error) {
      rt.deps.logger.error({ reqId, err: error }, 'unhandled error');
      const body = JSON.stringify(errorBody('CONSOLE_INTERNAL', 'Internal error.'));
      reply = { status: 500, headers: { 'content-type': 'application/json' }, body };
    }
    const body = reply.body ?? '';
    const length = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
    const headers = answerHeaderList(rt, reqId, reply.headers, length);
    if (!res.destroyed) {
      res.writeHead(reply.status, headers);
      res.end(body);
    }
    metrics?.request(admitted.op.name, reply.status, admitted.session.role);
    const path = pathOf(req.url ?? '');
    logLine({ reqId, method: 'GET', path, status: reply.status, started, log });
  }

  /** Answers `req` as a read, or passes it to `app`. */
  return (req: IncomingMessage, res: ServerResponse, app: NodeListener): void => {
    void answer(req, res, app);
  };
}

export type ReadPath = ReturnType<typeof createReadPath>;
