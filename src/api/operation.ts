import type { z } from 'zod';
import type { AnswerSchemas } from './contract/answer-schemas';
import { templateOf } from './contract/match';
import { operationNamed } from './contract/operations';
import type { OperationEntry, OperationName } from './contract/operations';
import { request, type QueryValue, type ResponseSchema } from './http';

/** `{ guid: string, uid: string }` from `/groups/{guid:id}/bannedusers/{uid:id}`. */
type PathParams<T extends string> = T extends `${string}{${infer P}:${string}}${infer Rest}`
  ? { readonly [K in P]: string | number } & PathParams<Rest>
  : unknown;

type Entry<N extends OperationName> = OperationEntry<N>;

/** What the operation answers, read with the schema its entry names (`answer`). */
export type Answer<N extends OperationName> = z.output<AnswerSchemas[Entry<N>['answer']]>;

export interface CallInit<N extends OperationName> {
  /** Only the query parameters the service documents for the operation. */
  query?: Entry<N>['query'] extends readonly []
    ? never
    : Partial<Record<Entry<N>['query'][number], QueryValue>>;
  body?: Entry<N>['body'] extends 'json' ? unknown : never;
  headers?: Record<string, string | undefined>;
  signal?: AbortSignal | undefined;
  /** Writes only: the same key for a retry of the same intent (see `request`). */
  idempotencyKey?: string | undefined;
}

type Result<N extends OperationName> = Entry<N>['method'] extends 'GET'
  ? Answer<N>
  : Answer<N> | undefined;

let schemas: Promise<AnswerSchemas> | undefined;
/** The answer schemas load beside the first call (the request does not wait for them). */
const loadSchemas = () =>
  (schemas ??= import('./contract/answer-schemas').then((m) => m.answerSchemas));

/**
 * Calls one operation of the catalogue through the console server: method, path and documented
 * query parameters come from its entry, the answer is read with its schema. Writes are tolerant (a
 * 2xx whose body does not match resolves to `undefined`; the console server logs the mismatch).
 */
export async function callOperation<N extends OperationName>(
  name: N,
  params: PathParams<Entry<N>['template']>,
  init: CallInit<N> = {},
): Promise<Result<N>> {
  const op = operationNamed(name);
  const path = templateOf(name).build(params as Record<string, string | number>);
  const schema = loadSchemas().then(
    (all) => all[op.answer] as unknown as ResponseSchema<Answer<N>>,
  );
  const url = `/api${path}`;
  const options = { ...init, method: op.method, query: init.query as Record<string, QueryValue> };
  if (op.method === 'GET') return request(url, schema, options);
  return request(url, schema, { ...options, tolerant: true });
}
