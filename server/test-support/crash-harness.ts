import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPrng } from '../emulator/seed/prng';
import { openStore } from '../emulator/store';

export interface CrashReport {
  cycles: number;
  ackedWrites: number;
  lostWrites: number;
  tornWrites: number;
  integrityFailures: number;
  problems: string[];
}

const apiKey = 'crash-harness-key';
const childScript = fileURLToPath(new URL('../emulator/crash-child.ts', import.meta.url));
const permissionKeys = Array.from({ length: 10 }, (_, k) => `crash.k${k}`);
const bulkUids = Array.from(
  { length: 10 },
  (_, k) => `community-${String(261 - 10 + k).padStart(4, '0')}`,
);

/**
 * Starts a Node child on a TypeScript `script` that prints `READY <url>` once it listens: `ready`
 * resolves with that url, and rejects if the child exits first.
 */
export function startReadyChild(script: string, args: readonly string[], name: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /READY (\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) =>
      reject(new Error(`${name} child exited (${String(code)}) before it was ready: ${err}`)),
    );
  });
  return { child, ready, exited };
}

const startChild = (dataDir: string) => startReadyChild(childScript, [dataDir, apiKey], 'emulator');

/** Acknowledged writes of one cycle: what the service answered 2xx to. */
interface Acks {
  reactions: { messageId: number; reaction: string; uid: string }[];
  /** Sequence number of the last acknowledged permissions write, and every one sent. */
  lastPermissions: number;
  sentPermissions: Set<string>;
  /** Last acknowledged bulk state of the ten users (true = deactivated) and every state sent after it. */
  lastBulk: boolean | undefined;
  bulkAfterAck: Set<boolean>;
  bulkAcked: number;
}

async function writeLoops(
  url: string,
  targets: { id: number; uid: string }[],
  cycle: number,
  acks: Acks,
  stop: () => boolean,
) {
  const send = async (method: string, path: string, body?: unknown, onBehalfOf?: string) => {
    const headers: Record<string, string> = { apikey: apiKey, 'content-type': 'application/json' };
    if (onBehalfOf) headers.onBehalfOf = onBehalfOf;
    const response = await fetch(`${url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  };
  const reactions = async (lane: number) => {
    for (let n = 0; !stop(); n += 1) {
      const target = targets[(n * 4 + lane) % targets.length];
      if (!target) return;
      const reaction = `:c${cycle}l${lane}n${n}:`;
      await send(
        'POST',
        `/messages/${target.id}/reactions/${encodeURIComponent(reaction)}`,
        undefined,
        target.uid,
      );
      acks.reactions.push({ messageId: target.id, reaction, uid: target.uid });
    }
  };
  const permissions = async () => {
    for (let n = 1; !stop(); n += 1) {
      const token = `c${cycle}n${n}`;
      acks.sentPermissions.add(token);
      await send('PUT', '/roles/moderator/permissions', {
        permissions: Object.fromEntries(permissionKeys.map((key) => [key, token])),
      });
      acks.lastPermissions = n;
    }
  };
  const bulk = async () => {
    for (let n = 0; !stop(); n += 1) {
      const deactivate = n % 2 === 0;
      acks.bulkAfterAck.add(deactivate);
      await send(
        deactivate ? 'DELETE' : 'PUT',
        '/users',
        deactivate ? { uidsToDeactivate: bulkUids } : { uidsToActivate: bulkUids },
      );
      acks.lastBulk = deactivate;
      acks.bulkAfterAck = new Set();
      acks.bulkAcked += 1;
    }
  };
  await Promise.allSettled([reactions(0), reactions(1), reactions(2), permissions(), bulk()]);
}

/**
 * Kills an emulator child with SIGKILL during a mix of HTTP writes, `cycles` times on the same data
 * directory, and checks after each kill that every acknowledged write is there, no transaction is
 * half-applied, and the store passes `integrity_check`.
 */
export async function runCrashCycles(opts: {
  cycles: number;
  seed?: number;
  minDelayMs?: number;
  maxDelayMs?: number;
}): Promise<CrashReport> {
  const prng = createPrng(opts.seed ?? 7);
  const dataDir = mkdtempSync(join(tmpdir(), 'emulator-crash-'));
  const report: CrashReport = {
    cycles: 0,
    ackedWrites: 0,
    lostWrites: 0,
    tornWrites: 0,
    integrityFailures: 0,
    problems: [],
  };
  const file = join(dataDir, 'chat.sqlite');
  let previousBulk: boolean | undefined;
  try {
    for (let cycle = 1; cycle <= opts.cycles; cycle += 1) {
      const { child, ready } = startChild(dataDir);
      const url = await ready;
      const targets = await directMessageTargets(url);
      const acks: Acks = {
        reactions: [],
        lastPermissions: 0,
        sentPermissions: new Set(),
        lastBulk: undefined,
        bulkAfterAck: new Set(),
        bulkAcked: 0,
      };
      let killed = false;
      const loops = writeLoops(url, targets, cycle, acks, () => killed);
      await new Promise((resolve) =>
        setTimeout(resolve, prng.int(opts.minDelayMs ?? 50, opts.maxDelayMs ?? 400)),
      );
      const exited = new Promise((resolve) => child.once('exit', resolve));
      killed = true;
      child.kill('SIGKILL');
      await exited;
      await loops;
      previousBulk = verify(file, cycle, acks, previousBulk, report);
      report.cycles = cycle;
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return report;
}

async function directMessageTargets(url: string) {
  const response = await fetch(`${url}/messages?receiverType=user&hideDeleted=true&limit=100`, {
    headers: { apikey: apiKey },
  });
  const body: unknown = await response.json();
  const data =
    body && typeof body === 'object' && 'data' in body && Array.isArray(body.data) ? body.data : [];
  return data.flatMap((m: unknown) =>
    m &&
    typeof m === 'object' &&
    'id' in m &&
    'sender' in m &&
    typeof m.id === 'string' &&
    typeof m.sender === 'string'
      ? [{ id: Number(m.id), uid: m.sender }]
      : [],
  );
}

/** Checks the store after a kill; returns the bulk state found, the baseline of the next cycle. */
function verify(
  file: string,
  cycle: number,
  acks: Acks,
  previousBulk: boolean | undefined,
  report: CrashReport,
): boolean | undefined {
  const lost = (what: string) => {
    report.lostWrites += 1;
    report.problems.push(`cycle ${cycle}: ${what}`);
  };
  const torn = (what: string) => {
    report.tornWrites += 1;
    report.problems.push(`cycle ${cycle}: ${what}`);
  };
  let store;
  try {
    store = openStore({ file, lock: true });
  } catch (error) {
    report.integrityFailures += 1;
    report.problems.push(
      `cycle ${cycle}: reopen failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return previousBulk;
  }
  try {
    const db = store.db;
    const has = db
      .prepare('SELECT count(*) FROM reactions WHERE message_id = ? AND reaction = ? AND uid = ?')
      .pluck();
    for (const ack of acks.reactions)
      if (has.get(ack.messageId, ack.reaction, ack.uid) !== 1)
        lost(`acknowledged reaction ${ack.reaction} missing`);
    const drift = db
      .prepare(
        'SELECT count(*) FROM (SELECT message_id, reaction, count(*) AS n FROM reactions GROUP BY 1, 2) x LEFT JOIN reaction_counts c USING (message_id, reaction) WHERE c.count IS NOT x.n',
      )
      .pluck()
      .get();
    if (drift !== 0) torn('reaction counts disagree with the reactions');
    const userDrift = db
      .prepare(
        'SELECT count(*) FROM (SELECT role, status, deactivated_at IS NULL AS active, count(*) AS n FROM users GROUP BY 1, 2, 3) x FULL JOIN user_counts c USING (role, status, active) WHERE c.count IS NOT x.n',
      )
      .pluck()
      .get();
    if (userDrift !== 0) torn('user counts disagree with the users');

    const values = db
      .prepare(
        "SELECT value FROM role_permissions WHERE role = 'moderator' AND key LIKE 'crash.k%'",
      )
      .pluck()
      .all()
      .map(String);
    if (
      values.length > 0 &&
      (values.length !== permissionKeys.length || new Set(values).size !== 1)
    )
      torn(`permission write half-applied (${values.length} keys)`);
    const token = values[0] === undefined ? undefined : String(JSON.parse(values[0]));
    const stored = token?.startsWith(`c${cycle}n`) ? Number(token.slice(`c${cycle}n`.length)) : 0;
    if (acks.lastPermissions > 0 && stored < acks.lastPermissions)
      lost(`permission write ${acks.lastPermissions} acknowledged, store has ${token ?? 'none'}`);

    const states = db
      .prepare(
        'SELECT deactivated_at IS NOT NULL FROM users WHERE uid IN (SELECT value FROM json_each(?))',
      )
      .pluck()
      .all(JSON.stringify(bulkUids))
      .map(Boolean);
    if (new Set(states).size > 1) torn('bulk deactivation half-applied');
    const state = states[0];
    const expected = acks.lastBulk ?? previousBulk;
    if (
      state !== undefined &&
      expected !== undefined &&
      state !== expected &&
      !acks.bulkAfterAck.has(state)
    )
      lost('acknowledged bulk (de)activation missing');

    report.ackedWrites += acks.reactions.length + acks.lastPermissions + acks.bulkAcked;
    return state;
  } finally {
    store.close();
  }
}
