import { isParamClass, paramClasses, type ParamClass } from './param-classes';

/**
 * A catalogue template (`/groups/{guid:id}/bannedusers/{uid:id}`) compiled once: the one parser of
 * templates, shared by the SPA's calls, the console server's allow-list, the emulator, the stand-in
 * of the real service and the tests.
 */
export interface CompiledTemplate {
  readonly template: string;
  /** `/groups/{guid}/bannedusers/{uid}`: the path as the service's documentation names it. */
  readonly documented: string;
  readonly params: readonly { name: string; cls: ParamClass }[];
  /** The parameters of path segments that fit the template, or `undefined`. */
  bind(segments: readonly string[], accept?: Accept): Record<string, string> | undefined;
  /** The path with each parameter encoded as one segment (emoji, `:tokens:`, ids). */
  build(params: Readonly<Record<string, string | number>>): string;
}

/** Whether a path segment may fill a parameter of a class. */
export type Accept = (cls: ParamClass, value: string) => boolean;

/** The console's rule: the segment fits the parameter's class (anything else is a 404). */
export const byClass: Accept = (cls, value) => paramClasses[cls](value);

/** The service's own routing: any non-empty segment fills a parameter. */
export const anySegment: Accept = (_cls, value) => value !== '';

type Segment = { literal: string } | { param: string; cls: ParamClass };

export function compileTemplate(template: string): CompiledTemplate {
  const segments = template
    .slice(1)
    .split('/')
    .map((part): Segment => {
      const param = /^\{([a-zA-Z]+):([a-zA-Z]+)\}$/.exec(part);
      if (!param) return { literal: part };
      const [, name = '', cls = ''] = param;
      if (!isParamClass(cls)) throw new Error(`Unknown parameter class in ${template}`);
      return { param: name, cls };
    });
  const show = (s: Segment) => ('literal' in s ? s.literal : `{${s.param}}`);
  return {
    template,
    documented: `/${segments.map(show).join('/')}`,
    params: segments.flatMap((s) => ('literal' in s ? [] : [{ name: s.param, cls: s.cls }])),
    bind(parts, accept = byClass) {
      if (parts.length !== segments.length) return undefined;
      const bound: Record<string, string> = {};
      for (const [i, segment] of segments.entries()) {
        const value = parts[i] ?? '';
        if ('literal' in segment) {
          if (segment.literal !== value) return undefined;
        } else {
          if (!accept(segment.cls, value)) return undefined;
          bound[segment.param] = value;
        }
      }
      return bound;
    },
    build(values) {
      const filled = segments.map((s) => {
        if ('literal' in s) return s.literal;
        const value = values[s.param];
        if (value === undefined) throw new Error(`${template}: no value for ${s.param}`);
        return encodeURIComponent(String(value));
      });
      return `/${filled.join('/')}`;
    },
  };
}
