import { chatOperations, type ChatOperation } from '../../../src/api/contract/operations';
import {
  isParamClass,
  paramClasses,
  type ParamClass,
} from '../../../src/api/contract/param-classes';

type TemplateSegment = { literal: string } | { param: string; cls: ParamClass };

interface Compiled {
  op: ChatOperation;
  segments: TemplateSegment[];
}

function compile(op: ChatOperation): Compiled {
  const segments = op.template
    .slice(1)
    .split('/')
    .map((part): TemplateSegment => {
      const param = /^\{([a-zA-Z]+):([a-zA-Z]+)\}$/.exec(part);
      if (!param) return { literal: part };
      const [, name = '', cls = ''] = param;
      if (!isParamClass(cls)) throw new Error(`Unknown parameter class in ${op.template}`);
      return { param: name, cls };
    });
  return { op, segments };
}

const compiled = chatOperations.map(compile);

function bind(entry: Compiled, segments: readonly string[]): Record<string, string> | undefined {
  if (entry.segments.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of entry.segments.entries()) {
    const value = segments[i] ?? '';
    if ('literal' in part) {
      if (part.literal !== value) return undefined;
    } else {
      if (!paramClasses[part.cls](value)) return undefined;
      params[part.param] = value;
    }
  }
  return params;
}

export type Match =
  | { kind: 'operation'; op: ChatOperation; params: Record<string, string> }
  | { kind: 'wrong-method'; template: string; allow: string[] }
  | { kind: 'unknown' };

/** Finds the catalogue's operation for decoded path segments and a method. */
export function matchOperation(method: string, segments: readonly string[]): Match {
  const allow: string[] = [];
  let template: string | undefined;
  for (const entry of compiled) {
    const params = bind(entry, segments);
    if (!params) continue;
    if (entry.op.method === method) return { kind: 'operation', op: entry.op, params };
    allow.push(entry.op.method);
    template ??= entry.op.template;
  }
  return template ? { kind: 'wrong-method', template, allow } : { kind: 'unknown' };
}
