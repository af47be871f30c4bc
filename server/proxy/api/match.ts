import { allowList, paramClasses, type Operation, type ParamClass } from './allow-list';

type TemplateSegment = { literal: string } | { param: string; cls: ParamClass };

interface Compiled {
  op: Operation;
  segments: TemplateSegment[];
}

const isParamClass = (name: string): name is ParamClass => Object.hasOwn(paramClasses, name);

function compile(op: Operation): Compiled {
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

const compiled = allowList.map(compile);

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
  | { kind: 'operation'; op: Operation; params: Record<string, string> }
  | { kind: 'wrong-method'; template: string; allow: string[] }
  | { kind: 'unknown' };

/** Finds the allow-listed operation for decoded path segments and a method. */
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

/** `DELETE /messages/{id}`, the operation's name in the audit trail, without parameter classes. */
export const operationName = (op: Operation) =>
  `${op.method} ${op.template.replace(/\{([a-zA-Z]+):[a-zA-Z]+\}/g, '{$1}')}`;
