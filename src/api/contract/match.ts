import { chatOperations, type ChatOperation, type OperationName } from './operations';
import { byClass, compileTemplate, type Accept, type CompiledTemplate } from './templates';

const compiled = chatOperations.map((op) => ({ op, path: compileTemplate(op.template) }));
const pathByName = new Map<string, CompiledTemplate>(compiled.map((c) => [c.op.name, c.path]));

/** The compiled template of an operation of the catalogue. */
export function templateOf(name: OperationName): CompiledTemplate {
  const path = pathByName.get(name);
  if (!path) throw new Error(`${name} is not in the catalogue`);
  return path;
}

export type Match =
  | { kind: 'operation'; op: ChatOperation<OperationName>; params: Record<string, string> }
  | { kind: 'wrong-method'; template: string; allow: string[] }
  | { kind: 'unknown' };

/**
 * The catalogue's operation for path segments (below `/v3`, or below `/api`) and a method. `accept`
 * decides what fills a parameter: its class (the console's rule) unless the caller routes as the
 * service does (any non-empty segment).
 */
export function matchOperation(
  method: string,
  segments: readonly string[],
  accept: Accept = byClass,
): Match {
  const allow: string[] = [];
  let template: string | undefined;
  for (const entry of compiled) {
    const params = entry.path.bind(segments, accept);
    if (!params) continue;
    if (entry.op.method === method) return { kind: 'operation', op: entry.op, params };
    allow.push(entry.op.method);
    template ??= entry.op.template;
  }
  return template ? { kind: 'wrong-method', template, allow } : { kind: 'unknown' };
}

/**
 * The query parameters the service does not document for the operation, each once, in the order
 * given: the one check the console server, the emulator (strict mode) and the stand-in all apply.
 */
export function undocumentedQuery(
  op: Pick<ChatOperation, 'query'>,
  names: Iterable<string>,
): string[] {
  return [...new Set(names)].filter((name) => !op.query.includes(name));
}
