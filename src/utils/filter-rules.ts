import type { z } from '@/api/zod';

/**
 * What a filter or search field accepts: the schema of the query value it becomes, taken from the
 * contract (the same one the console server and the emulator validate with), never a copy of it.
 */
export type FilterRule = z.ZodType;

/** A list's rules, by the name of its URL parameter. */
export type FilterRules = Readonly<Record<string, FilterRule>>;

/** What is wrong with each field that cannot be used, by the name of its URL parameter. */
export type FilterErrors = Readonly<Record<string, string>>;

type Issue = z.core.$ZodIssue;

function describe(issue: Issue | undefined, value: string): string {
  if (!issue) return 'This value cannot be used';
  if (issue.code === 'too_big' && issue.origin === 'string')
    return `At most ${issue.maximum} characters (this has ${value.length})`;
  return issue.message;
}

/**
 * The error of one field's value, or undefined when it can be used. Empty text is no filter at all,
 * never an error; anything else is checked as typed (trimmed, as the list sends it).
 */
export function filterError(rule: FilterRule, value: string | undefined): string | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  const checked = rule.safeParse(text);
  return checked.success ? undefined : describe(checked.error.issues[0], text);
}

/** The errors of a list's fields as they stand (in the URL, or in a form not applied yet). */
export function filterErrors(rules: FilterRules, values: object): FilterErrors {
  const errors: Record<string, string> = {};
  for (const [key, rule] of Object.entries(rules)) {
    const value: unknown = Reflect.get(values, key);
    const error = typeof value === 'string' ? filterError(rule, value) : undefined;
    if (error) errors[key] = error;
  }
  return errors;
}

export const hasFilterErrors = (errors: FilterErrors): boolean => Object.keys(errors).length > 0;
