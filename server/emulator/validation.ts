import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest, type ErrorDetails } from './http-errors';

/** Zod issues as the service's `details`: `{ field: [messages] }`, dotted paths for nested fields. */
export function detailsFromIssues(
  issues: readonly z.core.$ZodIssue[],
  fallbackField = 'body',
): ErrorDetails {
  const details: ErrorDetails = {};
  const add = (field: string, message: string) => {
    (details[field] ??= []).push(message);
  };
  for (const issue of issues) {
    const prefix = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        add(prefix ? `${prefix}.${key}` : key, `The ${key} field is not allowed.`);
      continue;
    }
    add(prefix || fallbackField, issue.message);
  }
  return details;
}

export function parseOrThrow<T extends z.ZodType>(
  schema: T,
  input: unknown,
  fallbackField = 'body',
): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(detailsFromIssues(result.error.issues, fallbackField));
  return result.data;
}

export function parseQuery<T extends z.ZodType>(c: Context, schema: T): z.output<T> {
  return parseOrThrow(schema, c.req.query(), 'query');
}

/** Reads a JSON body. An empty body counts as `{}` so that optional bodies may be left out. */
export async function parseBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  const text = await c.req.text();
  let input: unknown = {};
  if (text.trim() !== '') {
    try {
      input = JSON.parse(text);
    } catch {
      throw badRequest({ body: ['The request body must be valid JSON.'] });
    }
  }
  return parseOrThrow(schema, input);
}

export function parseParam<T extends z.ZodType>(c: Context, name: string, schema: T): z.output<T> {
  return parseOrThrow(schema, c.req.param(name), name);
}
