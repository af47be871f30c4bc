import type { ConsoleStore } from './store';

/** The answer a first request got, kept to be replayed to its repeats. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

export type KeyClaim =
  /** The key is this request's now: send it, then `finishKey` or `releaseKey`. */
  | { kind: 'claimed' }
  /** A first request with this key is still running (here or on another replica). */
  | { kind: 'in-flight' }
  | { kind: 'done'; answer: StoredAnswer }
  /** The key was used for another request (a different method, path or body). */
  | { kind: 'mismatch' };

export interface KeyRef {
  operator: string;
  key: string;
}

/**
 * Takes `ref` for a request with this fingerprint, or says what holds it. Runs under the store's
 * exclusive lock on the key, so two replicas asked at once see one claim. An expired row counts as
 * absent; expired rows are pruned here, so the table holds at most one window of keys.
 */
export function claimKey(
  store: ConsoleStore,
  ref: KeyRef,
  opts: { fingerprint: string; requestId: string; now: number; windowMs: number },
): Promise<KeyClaim> {
  const { operator, key: idempotency_key } = ref;
  return store.exclusive(`idempotency:${operator}:${idempotency_key}`, async (trx) => {
    const row = await trx
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('operator', '=', operator)
      .where('idempotency_key', '=', idempotency_key)
      .executeTakeFirst();
    if (row && row.expires_at > opts.now) {
      if (row.fingerprint !== opts.fingerprint) return { kind: 'mismatch' };
      if (row.state === 'pending' || row.status === null) return { kind: 'in-flight' };
      return { kind: 'done', answer: readAnswer(row.status, row.headers, row.body) };
    }
    await trx.deleteFrom('idempotency_keys').where('expires_at', '<=', opts.now).execute();
    await trx
      .insertInto('idempotency_keys')
      .values({
        operator,
        idempotency_key,
        fingerprint: opts.fingerprint,
        state: 'pending',
        request_id: opts.requestId,
        created_at: opts.now,
        expires_at: opts.now + opts.windowMs,
      })
      .execute();
    return { kind: 'claimed' };
  });
}

/** Keeps the first request's answer for the rest of the window. */
export async function finishKey(
  store: ConsoleStore,
  ref: KeyRef,
  answer: StoredAnswer,
): Promise<void> {
  await store.db
    .updateTable('idempotency_keys')
    .set({
      state: 'done',
      status: answer.status,
      headers: JSON.stringify(answer.headers),
      body: Buffer.from(answer.body).toString('base64'),
    })
    .where('operator', '=', ref.operator)
    .where('idempotency_key', '=', ref.key)
    .execute();
}

/** Gives the key up: nothing was sent, so a repeat may try afresh. */
export async function releaseKey(store: ConsoleStore, ref: KeyRef): Promise<void> {
  await store.db
    .deleteFrom('idempotency_keys')
    .where('operator', '=', ref.operator)
    .where('idempotency_key', '=', ref.key)
    .where('state', '=', 'pending')
    .execute();
}

function readAnswer(status: number, headers: string | null, body: string | null): StoredAnswer {
  const parsed: unknown = JSON.parse(headers ?? '{}');
  const kept: Record<string, string> = {};
  if (typeof parsed === 'object' && parsed !== null)
    for (const [name, value] of Object.entries(parsed))
      if (typeof value === 'string') kept[name] = value;
  return { status, headers: kept, body: Buffer.from(body ?? '', 'base64') };
}
